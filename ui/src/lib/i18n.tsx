// The UI's own texts, Korean first and English second. Texts that come with a decision of the
// core (error screens, 404, category names) come from the core in the chosen language.
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { pickLanguage, resolveParticles, type Lang } from "./core";
import SITE_TEXTS from "./texts.json";

const STORAGE_KEY = "tidemark.lang";

// The site's texts live in texts.json, which the server's prerendering reads too
// (server/src/prerender/texts.rs): a changed word changes both.
const TEXTS = SITE_TEXTS;

export type TextKey = keyof (typeof TEXTS)["ko"];

interface I18n {
  lang: Lang;
  t: (key: TextKey) => string;
  setLang: (lang: Lang) => void;
}

const I18nContext = createContext<I18n | null>(null);

function initialLang(): Lang {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked; the browser's languages still decide.
  }
  return pickLanguage(saved, [...(navigator.languages ?? [navigator.language])]);
}

export function I18nProvider({ children, lang: forced }: { children: ReactNode; lang?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => forced ?? initialLang());
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not saved: the choice lasts for this page only.
    }
    // The server prerenders the first view in the same language (server/src/prerender/).
    document.cookie = `tm_lang=${next}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  const value = useMemo<I18n>(() => ({ lang, setLang, t: (key) => TEXTS[lang][key] }), [lang, setLang]);
  // The document speaks the chosen language (before the browser paints).
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

/** A feature's own texts, Korean and English with the same keys; the hook answers the
 * visitor's language. Keeps each feature's catalogue beside its code. */
export function defineTexts<K extends string>(texts: { ko: Record<K, string>; en: Record<NoInfer<K>, string> }) {
  return function useTexts(): Record<K, string> {
    return texts[useI18n().lang];
  };
}

/** A text with `{name}` places filled from `values`; a place without a value stays as it is.
 * A Korean particle written as a pair after a place (`{name}을(를)`) takes the form the
 * filled word asks for (the core's rule: 클라우드를, 보안을); where the word's last sound is
 * not known (a Latin name, an e-mail address) the pair stays. */
export function fill(text: string, values: Record<string, string | number>): string {
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  return filled.includes("(") ? resolveParticles(filled) : filled;
}
