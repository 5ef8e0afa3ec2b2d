// /mypage: the member's profile, interests, sign-in method, certification and business, with
// the ways to change each. A certification started here (a new phone, or the first one) comes
// back here and is applied at once.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useFailureMessage } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { certify, type CertifyPurpose } from "../../lib/certify";
import { categoryName } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { loginHere } from "../../lib/login";
import { useSession } from "../../lib/session";
import { businessNameQuery, businessRole, hasPassword, profileQuery, useApplyCertification, type Profile } from "./api";
import { useCertificationReturn, type CertificationReturn } from "./certification";
import { DataExportSection } from "./DataExport";
import { ProfileState } from "./ProfileState";
import { fill, useMyPageTexts } from "./texts";
import "./mypage.css";

const HERE = "/mypage";

export default function MyPage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  const returned = useCertificationReturn(["change", "account"], HERE);
  const name = profile.data?.nickname;
  return (
    <CardPage title={tx.title} lead={profile.data ? (name ? fill(tx.greeting, { name }) : tx.greetingNoName) : undefined} wide>
      <ProfileState query={profile}>
        {(data) => (
          <>
            <CertificationOutcome returned={returned} />
            <ProfileSection profile={data} />
            <SignInSection profile={data} />
            <CertificationSection profile={data} />
            <BusinessSection profile={data} />
            <ActivitySection />
            <DataExportSection />
            <AccountSection />
          </>
        )}
      </ProfileState>
    </CardPage>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mypage-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function ProfileSection({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const { lang } = useI18n();
  return (
    <Section id="mypage-profile" title={tx.profileHeading}>
      <dl className="mypage-facts">
        <dt>{tx.nickname}</dt>
        <dd data-field="nickname">{profile.nickname ?? tx.notSet}</dd>
        <dt>{tx.email}</dt>
        <dd data-field="email">{profile.email ?? tx.notSet}</dd>
        <dt>{tx.interests}</dt>
        <dd data-field="interests">
          {profile.interests.length > 0 ? (
            <ul className="mypage-chips">
              {profile.interests.map((id) => (
                <li key={id}>{categoryName(id, lang) ?? id}</li>
              ))}
            </ul>
          ) : (
            tx.noInterests
          )}
        </dd>
        <dt>{tx.marketing}</dt>
        <dd data-field="marketing">{profile.marketingOptIn ? tx.agreed : tx.notAgreed}</dd>
      </dl>
      <p className="mypage-links">
        <Link href="/mypage/user/edit" className="button button-small">
          {tx.editProfile}
        </Link>
      </p>
    </Section>
  );
}

function SignInSection({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const providers: Record<string, string> = {
    kakao: tx.providerKakao,
    naver: tx.providerNaver,
    google: tx.providerGoogle,
    local: tx.providerLocal,
  };
  const channel = profile.channel.toLowerCase();
  return (
    <Section id="mypage-signin" title={tx.signInHeading}>
      {hasPassword(profile) ? (
        <>
          <p data-field="channel">{tx.signInEmail}</p>
          <p className="mypage-links">
            <Link href="/mypage/password/change" className="button button-small">
              {tx.changePassword}
            </Link>
            <Link href="/mypage/security" className="button button-small">
              {tx.twoStepManage}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p data-field="channel">{fill(tx.signInSocial, { provider: providers[channel] ?? profile.channel })}</p>
          <p className="mypage-note">{tx.noPassword}</p>
        </>
      )}
    </Section>
  );
}

function CertificationSection({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const failure = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const purpose: CertifyPurpose = profile.certified ? "change" : "account";

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      await certify(purpose, HERE);
    } catch (error) {
      setProblem(`${tx.certStartFailed} ${failure(error)}`);
      setBusy(false);
    }
  }

  return (
    <Section id="mypage-certification" title={tx.certHeading}>
      {profile.certified ? (
        <>
          <p data-field="certified">
            <strong>{tx.certified}</strong>
            {profile.birthday ? <> · {fill(tx.birthday, { date: profile.birthday })}</> : null}
          </p>
          <p className="mypage-note" id="mypage-cert-hint">
            {tx.changeCertHint}
          </p>
        </>
      ) : (
        <p data-field="certified">{tx.notCertified}</p>
      )}
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="mypage-links">
        <button
          type="button"
          className="button button-small"
          onClick={() => void start()}
          disabled={busy}
          aria-describedby={profile.certified ? "mypage-cert-hint" : undefined}
        >
          {profile.certified ? tx.changeCert : tx.certifyNow}
        </button>
      </p>
    </Section>
  );
}

type Outcome = { kind: "working" } | { kind: "done"; message: string } | { kind: "refused"; message: string };

/** A certification that came back here: applied once, the result said above the sections. */
function CertificationOutcome({ returned }: { returned: CertificationReturn | null }) {
  const tx = useMyPageTexts();
  const failure = useFailureMessage();
  const session = useSession();
  const { mutateAsync: apply } = useApplyCertification();
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<Outcome | null>(() => {
    if (!returned) return null;
    if (returned.kind === "completed") return { kind: "working" };
    return { kind: "refused", message: returned.code === "F0000" ? tx.certCancelled : tx.certUnusable };
  });
  const applied = useRef(false);
  const { reload } = session;

  useEffect(() => {
    if (!returned || returned.kind !== "completed" || applied.current) return;
    applied.current = true;
    apply({ purpose: returned.purpose, certifyNo: returned.certifyNo })
      .then((answer) => {
        const last4 = answer.certify.phoneLast4;
        setOutcome({ kind: "done", message: returned.purpose === "change" && last4 ? fill(tx.certChanged, { last4 }) : tx.certAttached });
        void reload();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          navigate(loginHere());
          return;
        }
        setOutcome({ kind: "refused", message: certificationRefusal(error, tx, failure) });
      });
  }, [returned, tx, failure, apply, reload, navigate]);

  if (!outcome) return null;
  if (outcome.kind === "working") {
    return (
      <p className="mypage-status" role="status">
        {tx.certWorking}
      </p>
    );
  }
  return outcome.kind === "done" ? (
    <p className="form-notice" role="status">
      {outcome.message}
    </p>
  ) : (
    <p className="form-alert" role="alert">
      {outcome.message}
    </p>
  );
}

/** What the server's refusal of a certification's use means for the member. */
function certificationRefusal(
  error: unknown,
  tx: ReturnType<typeof useMyPageTexts>,
  failure: ReturnType<typeof useFailureMessage>,
): string {
  return failure(error, (refusal) => {
    if (refusal.code === "2007") return tx.certPersonHasAccount;
    if (refusal.status === 403) return tx.certOtherPerson;
    if (refusal.code === "F0000") return tx.certCancelled;
    if (refusal.status === 400) return tx.certUnusable;
    return undefined;
  });
}

function BusinessSection({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const role = businessRole(profile);
  const name = useQuery(businessNameQuery(role ? profile.businessId : null)).data;
  if (!role) return null;
  return (
    <Section id="mypage-business" title={tx.businessHeading}>
      <p data-field="business">
        {name ? (
          <>
            <Link href={`/business/profile/${profile.businessId}`}>{name}</Link>
            {" · "}
          </>
        ) : null}
        {role === "master" ? tx.businessMaster : tx.businessManager}
      </p>
      <p className="mypage-links">
        <Link href="/mypage/business" className="button button-small button-primary">
          {tx.toBusiness}
        </Link>
      </p>
    </Section>
  );
}

function ActivitySection() {
  const tx = useMyPageTexts();
  return (
    <Section id="mypage-activity" title={tx.activityHeading}>
      <ul className="mypage-list">
        <li>
          <Link href="/interest/bookmark">{tx.bookmarks}</Link>
        </li>
        <li>
          <Link href="/follow/list">{tx.following}</Link>
        </li>
      </ul>
    </Section>
  );
}

function AccountSection() {
  const tx = useMyPageTexts();
  const session = useSession();
  const [, navigate] = useLocation();
  return (
    <Section id="mypage-account" title={tx.accountHeading}>
      <p className="mypage-links">
        <button type="button" className="button button-small" onClick={() => void session.signOut().then(() => navigate("/"))}>
          {tx.signOut}
        </button>
        <Link href="/mypage/user/withdraw" className="button button-small mypage-quiet">
          {tx.withdraw}
        </Link>
      </p>
    </Section>
  );
}
