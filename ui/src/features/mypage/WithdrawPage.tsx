// /mypage/user/withdraw: what goes and what stays, a reason, the member's identity confirmed
// (a recent password check, or a fresh certification for members without a password), a box
// to tick and a last question. Afterwards the browser is signed out and lands on the home page
// with a message. A business's master hands the business over or closes it first
// (server/src/business/service/ownership.rs): the page says so instead of offering the form.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { FormAlert, useDraft, useFailureMessage, useProblems } from "../../components/form";
import { flash } from "../../components/notice/flash";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { certify } from "../../lib/certify";
import { loginHere } from "../../lib/login";
import { useSession } from "../../lib/session";
import { businessRole, checkedUntil, checkHref, forgetCheck, hasPassword, needsCheck, profileQuery, useWithdraw, type Profile } from "./api";
import { useCertificationReturn } from "./certification";
import { BackLink, FormButtons } from "./parts";
import { ProfileState } from "./ProfileState";
import { CheckTimer, useRecentCheck } from "./recentCheck";
import { useMyPageTexts } from "./texts";
import "./mypage.css";

const HERE = "/mypage/user/withdraw";

const REASONS = ["reasonRarely", "reasonContent", "reasonMail", "reasonPrivacy", "reasonOtherAccount", "reasonOther"] as const;
type Reason = (typeof REASONS)[number];

/** The longest reason the server keeps. */
const REASON_MAX = 500;

export default function WithdrawPage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  const master = profile.data ? businessRole(profile.data) === "master" : false;
  return (
    <CardPage title={tx.withdrawTitle} lead={master ? tx.masterLead : tx.withdrawLead} wide>
      <ProfileState query={profile}>{(data) => (master ? <MasterFirst /> : <WithdrawForm profile={data} />)}</ProfileState>
    </CardPage>
  );
}

/** A master's way out: hand the business over or close it, then come back. */
function MasterFirst() {
  const tx = useMyPageTexts();
  return (
    <div className="form-stack" data-testid="master-first">
      <ol className="mypage-steps">
        <li>{tx.masterHandOver}</li>
        <li>{tx.masterClose}</li>
      </ol>
      <p>{tx.masterThen}</p>
      <div className="form-actions">
        <Link href="/mypage/business" className="button button-primary">
          {tx.toBusiness}
        </Link>
        <BackLink>{tx.backToMyPage}</BackLink>
      </div>
    </div>
  );
}

interface WithdrawDraft {
  reason: Reason | "";
  detail: string;
}

function WithdrawForm({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const session = useSession();
  const leave = useWithdraw();
  const [, navigate] = useLocation();
  const failure = useFailureMessage();
  const withPassword = hasPassword(profile);
  const until = useRecentCheck(HERE, profile.memberId, withPassword);
  const returned = useCertificationReturn(["account"], HERE);
  const [certifyNo, setCertifyNo] = useState(returned?.kind === "completed" ? returned.certifyNo : null);
  const draft = useDraft<WithdrawDraft>(`mypage.withdraw.${profile.memberId}`, { reason: "", detail: "" });
  const [confirmed, setConfirmed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { formRef, problems, show } = useProblems();
  const [identityProblem, setIdentityProblem] = useState<string | null>(() =>
    returned?.kind === "failed" ? (returned.code === "F0000" ? tx.certCancelled : tx.certUnusable) : null,
  );
  const question = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  // On the way to the password check.
  if (withPassword && until === null) return null;

  const { reason, detail } = draft.values;
  const identityReady = withPassword || certifyNo !== null;

  function review(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string | undefined> = {};
    if (!reason) found["reason-first"] = tx.reasonRequired;
    else if (reason === "reasonOther" && !detail.trim()) found["reason-detail"] = tx.reasonDetailRequired;
    if (!identityReady) found.form = tx.identityRequired;
    if (!confirmed) found["withdraw-confirm"] = tx.confirmRequired;
    if (Object.values(found).some(Boolean)) return show(found);
    show({});
    setAsking(true);
  }

  async function startCertification() {
    setIdentityProblem(null);
    try {
      await certify("account", HERE);
    } catch (error) {
      setIdentityProblem(`${tx.certStartFailed} ${failure(error)}`);
    }
  }

  async function confirmWithdrawal() {
    if (withPassword && checkedUntil(profile.memberId) === null) return navigate(checkHref(HERE, true));
    setBusy(true);
    const text = [tx[reason as Reason], detail.trim()].filter(Boolean).join(" — ").slice(0, REASON_MAX);
    try {
      await leave.mutateAsync({ reason: text, certifyNo: withPassword ? undefined : (certifyNo ?? undefined) });
    } catch (error) {
      setBusy(false);
      setAsking(false);
      if (error instanceof ApiError && error.status === 401) return navigate(loginHere());
      if (withPassword && needsCheck(error)) return navigate(checkHref(HERE, true));
      if (error instanceof ApiError && error.status === 409) {
        // Became a master meanwhile: the profile, read again, shows what to do first.
        return;
      }
      if (!withPassword && error instanceof ApiError && (error.status === 403 || error.status === 400)) {
        setCertifyNo(null);
        setIdentityProblem(error.status === 403 ? tx.certOtherPerson : tx.certUnusable);
        return;
      }
      show({ form: failure(error) });
      return;
    }
    draft.discard();
    forgetCheck();
    flash(tx.withdrawn);
    // Away from my page first: a guest there would be sent to the login page.
    navigate("/", { replace: true });
    // The server has ended the session and cleared its cookies; the page forgets the member.
    void session.signOut().catch(() => undefined);
  }

  const manager = businessRole(profile) === "manager";
  return (
    <form ref={formRef} className="form-stack" onSubmit={review} noValidate>
      <div className="mypage-columns">
        <section className="mypage-box" aria-labelledby="withdraw-erased">
          <h2 id="withdraw-erased">{tx.erasedHeading}</h2>
          <ul>
            <li>{tx.erasedAccount}</li>
            <li>{tx.erasedCertification}</li>
            <li>{tx.erasedActivity}</li>
            <li>{tx.erasedTraces}</li>
            <li>{tx.erasedSessions}</li>
            {manager ? <li>{tx.erasedTeam}</li> : null}
          </ul>
        </section>
        <section className="mypage-box" aria-labelledby="withdraw-kept">
          <h2 id="withdraw-kept">{tx.keptHeading}</h2>
          <ul>
            <li>{tx.keptPosts}</li>
            <li>{tx.keptStats}</li>
            <li>{tx.keptRejoin}</li>
          </ul>
        </section>
      </div>

      <fieldset className="form-field mypage-fieldset" aria-describedby={problems["reason-first"] ? "reason-problem" : undefined}>
        <legend>{tx.reasonLegend}</legend>
        <div className="mypage-reasons">
          {REASONS.map((key, index) => (
            <label key={key} className="form-check">
              <input
                type="radio"
                name="reason"
                id={index === 0 ? "reason-first" : undefined}
                value={key}
                checked={reason === key}
                onChange={() => draft.set("reason", key)}
                aria-invalid={index === 0 && problems["reason-first"] ? true : undefined}
              />
              <span>{tx[key]}</span>
            </label>
          ))}
        </div>
        {problems["reason-first"] ? (
          <p id="reason-problem" className="form-problem">
            {problems["reason-first"]}
          </p>
        ) : null}
      </fieldset>

      <div className="form-field">
        <label htmlFor="reason-detail">{reason === "reasonOther" ? tx.reasonDetailOther : tx.reasonDetail}</label>
        <textarea
          id="reason-detail"
          name="reasonDetail"
          className="mypage-textarea"
          rows={3}
          maxLength={REASON_MAX}
          value={detail}
          onChange={(event) => draft.set("detail", event.target.value)}
          aria-invalid={problems["reason-detail"] ? true : undefined}
          aria-describedby={problems["reason-detail"] ? "reason-detail-hint reason-detail-problem" : "reason-detail-hint"}
        />
        <p id="reason-detail-hint" className="form-hint">
          {tx.reasonDetailHint}
        </p>
        {problems["reason-detail"] ? (
          <p id="reason-detail-problem" className="form-problem">
            {problems["reason-detail"]}
          </p>
        ) : null}
      </div>

      <section className="mypage-identity" aria-labelledby="withdraw-identity">
        <h2 id="withdraw-identity">{tx.identityHeading}</h2>
        {withPassword && until !== null ? (
          <>
            <p className="form-notice">{tx.passwordChecked}</p>
            <CheckTimer until={until} />
          </>
        ) : !profile.certified ? (
          <p className="form-alert">{tx.identityNeedsCertification}</p>
        ) : certifyNo ? (
          <p className="form-notice" role="status">
            {tx.recertified}
          </p>
        ) : (
          <>
            <p>{tx.identityByCertification}</p>
            <button type="button" className="button" onClick={() => void startCertification()}>
              {tx.recertify}
            </button>
          </>
        )}
        {identityProblem ? (
          <p className="form-alert" role="alert">
            {identityProblem}
          </p>
        ) : null}
      </section>

      <div className="form-field">
        <label className="form-check">
          <input
            type="checkbox"
            id="withdraw-confirm"
            name="confirm"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
            aria-invalid={problems["withdraw-confirm"] ? true : undefined}
            aria-describedby={problems["withdraw-confirm"] ? "withdraw-confirm-problem" : undefined}
          />
          <span>{tx.confirmCheck}</span>
        </label>
        {problems["withdraw-confirm"] ? (
          <p id="withdraw-confirm-problem" className="form-problem">
            {problems["withdraw-confirm"]}
          </p>
        ) : null}
      </div>

      <FormAlert problem={problems.form} />

      {asking ? (
        <div className="mypage-final" role="group" aria-labelledby="withdraw-final">
          <h2 id="withdraw-final" ref={question} tabIndex={-1}>
            {tx.finalQuestion}
          </h2>
          <p>{tx.finalLead}</p>
          <div className="form-actions">
            <button type="button" className="button mypage-danger" disabled={busy} onClick={() => void confirmWithdrawal()}>
              {busy ? tx.withdrawing : tx.finalYes}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => submitButton.current?.focus());
              }}
            >
              {tx.finalNo}
            </button>
          </div>
        </div>
      ) : (
        <FormButtons label={tx.withdrawSubmit} danger buttonRef={submitButton} />
      )}
    </form>
  );
}
