import { useState } from "react";
import { Link } from "wouter";
import { breadcrumbs } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { HomeSections } from "./components/HomeSections";
import { useHomeTexts } from "./home/texts";

/** The home page (SPEC §2): collections, popular and latest posts, categories. */
export default function HomePage() {
  const { t, lang } = useI18n();
  const tx = useHomeTexts();
  // One timestamp per visit: the category lists it opens are fresh (the core's breadcrumbs).
  const [now] = useState(() => Date.now());
  const crumbs = breadcrumbs(now, lang);
  return (
    <div className="page home">
      <section className="hero">
        <h1>{tx.tagline}</h1>
        <p>{tx.intro}</p>
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title">{t("categories")}</h2>
        <ul className="category-grid">
          {crumbs.map((crumb) => (
            <li key={crumb.categoryId}>
              <Link href={crumb.href}>{crumb.label}</Link>
            </li>
          ))}
        </ul>
      </section>
      <HomeSections />
    </div>
  );
}
