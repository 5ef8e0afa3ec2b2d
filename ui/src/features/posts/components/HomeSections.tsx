import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CardGrid } from "../../../components/cards/CardGrid";
import { useI18n } from "../../../lib/i18n";
import { postPreviewQuery, type Card, type ListKind } from "../../../lib/posts";
import { Loading } from "../../../lib/status";
import { collectionsQuery } from "../api";

/** How many covers at the top of the home page load at once (the rest when near the view). */
const EAGER_CARDS = 2;

/** The home page's sections: the operators' collections, then popular and latest posts. */
export function HomeSections() {
  const { t, lang } = useI18n();
  const collections = (useQuery(collectionsQuery()).data ?? []).filter((collection) => collection.items.length > 0);
  return (
    <>
      {collections.map((collection, index) => (
        <Section
          key={collection.id}
          id={`collection-${collection.id}`}
          title={lang === "ko" ? collection.titleKo : collection.titleEn}
          href={`/post/recommend/list/${collection.id}`}
          cards={collection.items.slice(0, 4)}
          seeAll={t("seeAll")}
          eager={index === 0 ? EAGER_CARDS : 0}
        />
      ))}
      <PreviewSection
        id="popular"
        title={t("popularPosts")}
        list={{ kind: "popular" }}
        href="/post/popular/list?sort=POPULAR"
        eager={collections.length === 0 ? EAGER_CARDS : 0}
      />
      <PreviewSection id="latest" title={t("latestPosts")} list={{ kind: "latest" }} href="/post/latest/list?sort=LATEST" />
    </>
  );
}

interface SectionProps {
  id: string;
  title: string;
  href: string;
  /** How many of its first covers load at once. */
  eager?: number;
}

function PreviewSection({ list, ...section }: SectionProps & { list: ListKind }) {
  const { t } = useI18n();
  const preview = useQuery(postPreviewQuery(list, 8));
  if (preview.isError) return null;
  return <Section {...section} cards={preview.data?.items ?? null} seeAll={t("seeAll")} />;
}

function Section({ id, title, href, cards, seeAll, eager = 0 }: SectionProps & { cards: Card[] | null; seeAll: string }) {
  return (
    <section className="home-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link href={href}>{seeAll}</Link>
      </div>
      {cards === null ? (
        <Loading />
      ) : (
        <CardGrid cards={cards} screen="HOME" eager={eager} />
      )}
    </section>
  );
}
