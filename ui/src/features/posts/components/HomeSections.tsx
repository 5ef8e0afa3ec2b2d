import { Link } from "wouter";
import { useI18n } from "../../../lib/i18n";
import { useCollections, usePostPreview, type Card, type ListKind } from "../api";
import { PostCard } from "./PostCard";

/** The home page's sections: the operators' collections, then popular and latest posts. */
export function HomeSections() {
  const { t, lang } = useI18n();
  const collections = useCollections();
  return (
    <>
      {(collections.data ?? [])
        .filter((collection) => collection.items.length > 0)
        .map((collection) => (
          <Section
            key={collection.id}
            id={`collection-${collection.id}`}
            title={lang === "ko" ? collection.titleKo : collection.titleEn}
            href={`/post/recommend/list/${collection.id}`}
            cards={collection.items.slice(0, 4)}
            seeAll={t("seeAll")}
          />
        ))}
      <PreviewSection id="popular" title={t("popularPosts")} list={{ kind: "popular" }} href="/post/popular/list?sort=POPULAR" />
      <PreviewSection id="latest" title={t("latestPosts")} list={{ kind: "latest" }} href="/post/latest/list?sort=LATEST" />
    </>
  );
}

function PreviewSection({ id, title, list, href }: { id: string; title: string; list: ListKind; href: string }) {
  const { t } = useI18n();
  const preview = usePostPreview(list, 8);
  if (preview.isError) return null;
  return <Section id={id} title={title} href={href} cards={preview.data?.items ?? null} seeAll={t("seeAll")} />;
}

function Section({ id, title, href, cards, seeAll }: { id: string; title: string; href: string; cards: Card[] | null; seeAll: string }) {
  const { t } = useI18n();
  return (
    <section className="home-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link href={href}>{seeAll}</Link>
      </div>
      {cards === null ? (
        <p className="loading" role="status">{t("loading")}</p>
      ) : (
        <div className="post-grid">
          {cards.map((card) => (
            <PostCard key={card.postSeq} card={card} />
          ))}
        </div>
      )}
    </section>
  );
}
