import { useInfiniteQuery } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import type { RouteMatch } from "../../lib/core";
import { AppError } from "../../lib/errors";
import { useI18n } from "../../lib/i18n";
import { CardList } from "../../components/cards/CardList";
import { collectionQuery } from "./api";
import "./collection/collection.css";
import { usePageTitle } from "../../lib/pageTitle";

/** /post/recommend/list/{id}: an operator-curated collection, its title in the reader's
 * language and its posts in the operators' order, paged as the reader scrolls. A collection
 * that does not exist is the 404 screen. */
export default function CollectionPage({ route }: { route: RouteMatch }) {
  const { t, lang } = useI18n();
  const query = useInfiniteQuery(collectionQuery(route.param ?? ""));
  if (query.error instanceof ApiError && query.error.status === 404) throw new AppError(404, query.error.message);
  const first = query.data?.pages[0];
  const title = first ? (lang === "ko" ? first.titleKo || first.titleEn : first.titleEn || first.titleKo) : null;
  usePageTitle(title);
  return (
    <div className="page list collection-page">
      <header className="collection-head">
        <p className="collection-kicker">{t("recommended")}</p>
        <h1>{title ?? t("loading")}</h1>
      </header>
      <CardList query={query} screen="RECOMMEND" />
    </div>
  );
}
