// Small parts of the console's pages.
import { fill, useBusinessTexts } from "./texts";

type Texts = ReturnType<typeof useBusinessTexts>;

/** A passing success message, kept as a text key and its values so that it is said in the
 * language on screen, also after a switch. */
export interface Flash {
  key: keyof Texts;
  values?: Record<string, string>;
}

/** The success line (role="status", so screen readers hear it). */
export function FlashLine({ flash }: { flash: Flash | null }) {
  const tx = useBusinessTexts();
  if (!flash) return null;
  return (
    <p className="console-flash" role="status">
      {fill(tx[flash.key], flash.values ?? {})}
    </p>
  );
}
