import { Link } from "wouter";
import { FollowButton } from "../../../components/engagement/FollowButton";
import { useI18n } from "../../../lib/i18n";
import type { PostBusiness } from "../../../lib/postDetail";
import { useDetailTexts } from "./texts";

/** The business behind a post: logo, name, badge, description, industry, followers, follow. */
export function BusinessCard({ business, following }: { business: PostBusiness; following: boolean | null }) {
  const tx = useDetailTexts();
  const { t } = useI18n();
  const profile = `/business/profile/${business.id}`;
  return (
    <section className="detail-business" aria-labelledby="detail-business-title">
      <h2 id="detail-business-title" className="visually-hidden">
        {tx.businessTitle}
      </h2>
      <div className="detail-business-head">
        <span className="detail-business-logo" aria-hidden="true">
          {business.logoUrl ? <img src={business.logoUrl} alt="" width={56} height={56} loading="lazy" /> : business.name.slice(0, 1)}
        </span>
        <div className="detail-business-name">
          <Link href={profile} className="detail-business-link">
            {business.name}
          </Link>
          {business.verified ? (
            <span className="detail-verified" role="img" aria-label={t("verified")} title={t("verified")}>
              ✓
            </span>
          ) : null}
          <p className="detail-business-sub">{business.industry}</p>
        </div>
      </div>
      {business.description ? <p className="detail-business-description">{business.description}</p> : null}
      <div className="detail-business-actions">
        <FollowButton
          businessId={business.id}
          initial={{ on: following, count: business.followerCount }}
          source="Follow_Content"
        />
        <Link href={profile} className="detail-profile-link">
          {tx.viewProfile}
        </Link>
      </div>
    </section>
  );
}
