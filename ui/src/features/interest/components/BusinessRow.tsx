import type { ReactNode } from "react";
import { Link } from "wouter";
import { abbreviateCount } from "../../../lib/core";
import { useI18n } from "../../../lib/i18n";
import type { FollowedBusiness } from "../api";
import { useTexts } from "../texts";

/** A followed business: logo, name with its verified badge, industry and followers, linking
 * to its profile. `heading` makes the name a heading of that level (the follow list's
 * sections); `children` go to the row's end. */
export function BusinessRow({
  business,
  heading,
  headingId,
  children,
}: {
  business: FollowedBusiness;
  heading?: "h2" | "h3";
  headingId?: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const tx = useTexts();
  const Name = heading ?? "span";
  return (
    <div className="business-row" data-business-id={business.id}>
      <BusinessLogo business={business} />
      <div className="business-row-text">
        <Name className="business-row-name" id={headingId}>
          <Link href={`/business/profile/${business.id}`}>{business.name}</Link>
          {business.verified ? (
            <span className="verified" role="img" aria-label={t("verified")} title={t("verified")}>
              ✓
            </span>
          ) : null}
        </Name>
        <span className="business-row-meta">
          {business.industry ? <span>{business.industry}</span> : null}
          <span>
            {tx.followers} {abbreviateCount(business.followerCount)}
          </span>
        </span>
      </div>
      {children}
    </div>
  );
}

/** The logo, or the name's first letter on a tinted square when there is none. */
function BusinessLogo({ business }: { business: FollowedBusiness }) {
  if (business.logoUrl) {
    return <img className="business-row-logo" src={business.logoUrl} alt="" width={48} height={48} loading="lazy" />;
  }
  return (
    <span className="business-row-logo business-row-logo-letter" aria-hidden="true">
      {Array.from(business.name.trim())[0] ?? "·"}
    </span>
  );
}
