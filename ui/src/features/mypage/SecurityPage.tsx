// /mypage/security: two-step sign-in, the passkeys (Passkeys.tsx), then the signed-in sessions (Sessions.tsx). Off: turning it on shows the authenticator app's secret
// (a QR code and the text), and the app's first code confirms it; the ten recovery codes are
// shown that once. On: since when, how many recovery codes are left, new ones, turning it off.
// Turning on, renewing and turning off each stand behind a recent check (the password, or for a
// member who joined through a social account a fresh certification; a passkey for either):
// without one the member goes to the check and comes back here with what they asked for
// (`?next=`). A social account's sign-in asks the second step too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { FormAlert, TextField, useFailureMessage, useProblems } from "../../components/form";
import { CardPage } from "../../components/page/CardPage";
import { api, ApiError, type Answer } from "../../lib/api";
import { OWN_FAILURE } from "../../lib/queries";
import { formatDate, offsetMinutes } from "../../lib/core";
import { useI18n } from "../../lib/i18n";
import { checkedUntil, checkHref, mypageKeys, needsCheck, profileQuery, type Profile } from "./api";
import { BackLink } from "./parts";
import { Passkeys } from "./Passkeys";
import { Sessions } from "./Sessions";
import { ProfileState } from "./ProfileState";
import { fill, useMyPageTexts } from "./texts";
import "./mypage.css";

const HERE = "/mypage/security";

type TwoStep = Answer<"/mypage/v1/two-step">;
type Setup = Answer<"/mypage/v1/two-step/setup", "post">;
type Next = "setup" | "renew" | "off";

function twoStepQuery() {
  return { queryKey: mypageKeys.twoStep, queryFn: ({ signal }: { signal: AbortSignal }) => api<TwoStep>("/mypage/v1/two-step", { signal }) };
}

export default function SecurityPage() {
  const tx = useMyPageTexts();
  const profile = useQuery(profileQuery());
  return (
    <CardPage title={tx.securityTitle} lead={tx.securityLead}>
      <ProfileState query={profile}>
        {(data) => (
          <>
            <TwoStepPanel profile={data} />
            <Passkeys />
            <Sessions />
            <BackLink block>{tx.backToMyPage}</BackLink>
          </>
        )}
      </ProfileState>
    </CardPage>
  );
}

function TwoStepPanel({ profile }: { profile: Profile }) {
  const tx = useMyPageTexts();
  const client = useQueryClient();
  const failure = useFailureMessage();
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get("next") as Next | null;
  const state = useQuery(twoStepQuery());
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const refresh = () => client.invalidateQueries({ queryKey: mypageKeys.twoStep });
  /** The action is over: the address without `?next=`. */
  const settle = () => {
    if (next) navigate(HERE, { replace: true });
  };

  // Each action stands behind a recent password check: without one (or when the server says it
  // has run out), the check first, coming back here with the action to carry out.
  const toCheck = (action: Next, expired = false) => navigate(checkHref(`${HERE}?next=${action}`, expired));
  const onError = (action: Next) => (error: unknown) => {
    if (needsCheck(error)) toCheck(action, true);
  };
  const setup = useMutation({
    mutationFn: () => api<Setup>("/mypage/v1/two-step/setup", { method: "POST" }),
    onError: onError("setup"),
    meta: OWN_FAILURE,
  });
  const renew = useMutation({
    mutationFn: () => api<Answer<"/mypage/v1/two-step/recovery-codes", "post">>("/mypage/v1/two-step/recovery-codes", { method: "POST" }),
    onSuccess: (answer) => {
      setCodes(answer.recoveryCodes);
      void refresh();
    },
    onError: onError("renew"),
    meta: OWN_FAILURE,
  });
  const off = useMutation({
    mutationFn: () => api("/mypage/v1/two-step", { method: "DELETE" }),
    onSuccess: () => {
      void refresh();
      settle();
    },
    onError: onError("off"),
    meta: OWN_FAILURE,
  });
  const actions = { setup, renew, off };
  const run = (action: Next) => {
    if (checkedUntil(profile.memberId) === null) return toCheck(action);
    actions[action].mutate();
  };

  // Back from the password check with what the member asked for: carry it out once.
  useEffect(() => {
    if (!next || started.current || !state.data) return;
    started.current = true;
    const on = state.data.onSince !== null;
    if ((next === "setup" && !on) || (next === "renew" && on) || (next === "off" && on && !state.data.required)) actions[next].mutate();
    // Once per arrival, with the state it arrived to. The address keeps `?next=` until the
    // action is over: a new address is a new page, which would forget the action's answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next, state.data]);

  if (state.isPending) return <p role="status">{tx.loading}</p>;
  if (state.isError) return <FormAlert problem={failure(state.error)} />;
  if (codes) {
    return (
      <RecoveryCodeList
        codes={codes}
        onDone={() => {
          setCodes(null);
          settle();
        }}
      />
    );
  }
  if (setup.data) {
    return (
      <ConfirmApp
        setup={setup.data}
        onConfirmed={(recovery) => {
          setup.reset();
          setCodes(recovery);
          void refresh();
        }}
        onCancel={() => {
          setup.reset();
          settle();
        }}
      />
    );
  }
  const busy = setup.isPending || renew.isPending || off.isPending;
  const failed = [setup, renew, off].find((action) => action.isError && !needsCheck(action.error));
  const twoStep = state.data;
  return (
    <div className="form-stack">
      <TwoStepSummary twoStep={twoStep} />
      {twoStep.required && !twoStep.onSince ? <p className="form-notice">{tx.twoStepRequired}</p> : null}
      <FormAlert problem={failed ? failure(failed.error) : null} />
      {twoStep.onSince ? (
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={() => run("renew")}>
            {tx.twoStepRenew}
          </button>
          {twoStep.required ? null : (
            <button type="button" className="button mypage-danger" disabled={busy} onClick={() => run("off")}>
              {tx.twoStepTurnOff}
            </button>
          )}
        </div>
      ) : (
        <button type="button" className="button button-primary button-block" disabled={busy} onClick={() => run("setup")}>
          {tx.twoStepTurnOn}
        </button>
      )}
    </div>
  );
}

function TwoStepSummary({ twoStep }: { twoStep: TwoStep }) {
  const tx = useMyPageTexts();
  const { lang } = useI18n();
  const since = twoStep.onSince ? formatDate(Date.parse(twoStep.onSince), lang === "ko" ? "yyyy년 M월 d일" : "yyyy-MM-dd", offsetMinutes()) : null;
  return (
    <dl className="mypage-facts">
      <dt>{tx.twoStep}</dt>
      <dd data-field="two-step">{since ? fill(tx.twoStepOnSince, { date: since }) : tx.twoStepOff}</dd>
      {twoStep.onSince ? (
        <>
          <dt>{tx.recoveryCodes}</dt>
          <dd data-field="recovery-codes">{fill(tx.recoveryCodesLeft, { count: twoStep.recoveryCodesLeft })}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The new app's secret, and its first code to confirm it. */
function ConfirmApp({ setup, onConfirmed, onCancel }: { setup: Setup; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const tx = useMyPageTexts();
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return show({ code: tx.codeMissing });
    setBusy(true);
    clear();
    try {
      const answer = await api<Answer<"/mypage/v1/two-step/confirm", "post">>("/mypage/v1/two-step/confirm", { method: "POST", body: { code: code.trim() } });
      onConfirmed(answer.recoveryCodes);
    } catch (error) {
      setBusy(false);
      show(error instanceof ApiError && error.status === 401 ? { code: tx.codeWrong } : { form: failure(error) });
    }
  }

  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
      <ol className="mypage-steps">
        <li>{tx.twoStepScan}</li>
        <li>
          <img className="mypage-qr" src={qr} width={200} height={200} alt={tx.twoStepQrAlt} />
          <p className="form-hint">{tx.twoStepTypeInstead}</p>
          <p className="mypage-secret" aria-label={tx.twoStepSecret}>
            <code>{setup.secret}</code>
          </p>
        </li>
        <li>{tx.twoStepEnterCode}</li>
      </ol>
      <TextField
        id="two-step-code"
        label={tx.twoStepCode}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        maxLength={7}
        value={code}
        onChange={setCode}
        problem={problems.code}
      />
      <FormAlert problem={problems.form} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? tx.twoStepConfirming : tx.twoStepConfirm}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {tx.cancel}
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, shown this once: the member keeps them before going on. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const tx = useMyPageTexts();
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n");
  return (
    <div className="form-stack">
      <p className="form-notice" role="status">
        {tx.recoveryCodesShownOnce}
      </p>
      <ul className="mypage-recovery-codes" aria-label={tx.recoveryCodes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? tx.recoveryCodesCopied : tx.recoveryCodesCopy}
        </button>
        <a className="button" href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`} download="tidemark-recovery-codes.txt">
          {tx.recoveryCodesDownload}
        </a>
      </div>
      <button type="button" className="button button-primary button-block" onClick={onDone}>
        {tx.recoveryCodesSaved}
      </button>
    </div>
  );
}
