import { categoryName } from "../../lib/core";
import { useI18n } from "../../lib/i18n";

/** The cover of a post that has no picture: its category's colour with the category, the title
 * and the business (decorative: the card says all of it in words too). */
export function CoverArt({ categoryId, title, business }: { categoryId: number; title: string; business: string }) {
  const { lang } = useI18n();
  return (
    <div className="cover-art" data-category={categoryId} aria-hidden="true">
      <span className="cover-art-category">{categoryName(categoryId, lang)}</span>
      <span className="cover-art-title">{title}</span>
      <span className="cover-art-business">{business}</span>
    </div>
  );
}
