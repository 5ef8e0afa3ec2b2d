// /member/join: the terms, then how to join (e-mail or a social provider). The required items
// (service, privacy) and the optional one (marketing) stand apart, each readable in full; the
// choice is kept in this tab for the next steps. A social identity that came back without an
// account (its sign-in found none) is joined here once the terms are agreed.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { FormAlert, useFailureMessage, useProblems } from "../../components/form";
import { useChannelName, useJoinWith } from "../../components/joinSocial/channels";
import { CardPage } from "../../components/page/CardPage";
import { ApiError } from "../../lib/api";
import { useI18n } from "../../lib/i18n";
import { joinFlow, joinWithSocial, saveJoinFlow, type JoinTerms } from "../../lib/joinFlow";
import { useSession } from "../../lib/session";
import { forgetSocialFlow, socialChannelsQuery, socialFlow, startSocial, type Channel } from "../../lib/social";
import { AccountLinks, AlreadyMember, JoinSteps, Loading } from "./parts";
import { termsIn, type Term, type TermId } from "./terms";
import "./join.css";
import { fill, useJoinTexts } from "./texts";

const NONE: JoinTerms = { service: false, privacy: false, marketing: false };

export default function JoinPage() {
  const session = useSession();
  if (!session.ready) return <Loading />;
  if (session.signedIn) return <AlreadyMember />;
  return <TermsForm />;
}

/** A social identity waiting for its account: the provider vouched for it, no account has it. */
function waitingSocial(): { channel: Channel; authToken: string } | null {
  const flow = socialFlow();
  return flow?.authToken ? { channel: flow.channel, authToken: flow.authToken } : null;
}

function TermsForm() {
  const tx = useJoinTexts();
  const { lang } = useI18n();
  const session = useSession();
  const [, navigate] = useLocation();
  const channelName = useChannelName();
  const joinWith = useJoinWith();
  const failure = useFailureMessage();
  const channels = useQuery(socialChannelsQuery());
  const { formRef, problems, show, clear } = useProblems();
  const [terms, setTerms] = useState<JoinTerms>(() => joinFlow().terms ?? NONE);
  const [social, setSocial] = useState(waitingSocial);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<Channel | "email" | null>(null);
  const all = terms.service && terms.privacy && terms.marketing;
  const list = termsIn(lang);

  const set = (next: JoinTerms) => {
    setTerms(next);
    saveJoinFlow({ terms: next });
    if (next.service && next.privacy) clear();
  };

  /** The terms are agreed: keep them for the next steps; false (and the problem shown) if not. */
  const agreed = (): boolean => {
    if (terms.service && terms.privacy) {
      saveJoinFlow({ terms });
      return true;
    }
    show({ terms: tx.termsNeeded });
    return false;
  };

  const withEmail = (event?: FormEvent) => {
    event?.preventDefault();
    if (agreed()) navigate("/member/join/email");
  };

  const withChannel = async (channel: Channel) => {
    if (!agreed()) return;
    setBusy(true);
    try {
      await startSocial(channel, "join", null);
    } catch (error) {
      setBusy(false);
      show({ form: failure(error) });
    }
  };

  const continueSocial = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!social || !agreed()) return;
    setBusy(true);
    try {
      await joinWithSocial(social.authToken, social.channel, terms);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) {
        setTaken(social.channel);
        show({ form: fill(tx.socialEmailTaken, { channel: channelName(social.channel) }) });
      } else if (error instanceof ApiError && error.status === 401) {
        forgetSocialFlow();
        setSocial(null);
        show({ form: tx.socialExpired });
      } else {
        show({ form: failure(error) });
      }
      return;
    }
    forgetSocialFlow();
    saveJoinFlow({ joined: { channel: social.channel } });
    await session.reload();
    navigate("/member/join/profile");
  };

  const required = list.filter((term) => term.required);
  const optional = list.filter((term) => !term.required);
  const termProblem = problems.terms;
  return (
    <CardPage
      title={tx.joinTitle}
      lead={social ? fill(tx.socialContinue, { channel: channelName(social.channel) }) : tx.joinLead}
      wide
    >
      <JoinSteps current="terms" />
      <form ref={formRef} className="form-stack join-form join-terms" onSubmit={social ? continueSocial : withEmail} noValidate>
        <fieldset className="join-fieldset" aria-describedby={termProblem ? "terms-problem" : undefined}>
          <legend>{tx.termsLegend}</legend>
          <div className="join-all">
            <label className="form-check">
              <input
                type="checkbox"
                checked={all}
                onChange={(event) => set(event.target.checked ? { service: true, privacy: true, marketing: true } : NONE)}
                aria-describedby="agree-all-hint"
              />
              <strong>{tx.agreeAll}</strong>
            </label>
            <p id="agree-all-hint" className="form-hint">
              {tx.agreeAllHint}
            </p>
          </div>
          <TermGroup title={tx.requiredGroup} terms={required} values={terms} invalid={Boolean(termProblem)} onChange={set} />
          <TermGroup title={tx.optionalGroup} terms={optional} values={terms} invalid={false} onChange={set} />
          <p className="form-hint">
            {tx.optionalNote} {tx.ageNote}
          </p>
          {termProblem ? (
            <p id="terms-problem" className="form-problem" role="alert">
              {termProblem}
            </p>
          ) : null}
        </fieldset>

        <FormAlert problem={problems.form} />
        {taken ? (
          <AccountLinks />
        ) : null}

        {social ? (
          <div className="join-actions">
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {fill(tx.socialJoin, { channel: channelName(social.channel) })}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                forgetSocialFlow();
                setSocial(null);
              }}
            >
              {tx.otherMethod}
            </button>
          </div>
        ) : (
          <fieldset className="join-fieldset join-methods">
            <legend>{tx.methodLegend}</legend>
            <button type="submit" className="button button-primary button-block">
              {tx.withEmail}
            </button>
            {(channels.data ?? []).map((channel) => (
              <button
                key={channel}
                type="button"
                className={`button button-block join-channel join-channel-${channel}`}
                disabled={busy}
                onClick={() => void withChannel(channel)}
              >
                {joinWith(channel)}
              </button>
            ))}
          </fieldset>
        )}
        <p className="join-links">
          <span>{tx.haveAccount}</span> <Link href="/member/login">{tx.signIn}</Link>
        </p>
      </form>
    </CardPage>
  );
}

function TermGroup({
  title,
  terms,
  values,
  invalid,
  onChange,
}: {
  title: string;
  terms: Term[];
  values: JoinTerms;
  invalid: boolean;
  onChange: (next: JoinTerms) => void;
}) {
  const tx = useJoinTexts();
  return (
    <div className="join-term-group" role="group" aria-labelledby={`group-${terms[0]?.id}`}>
      <h2 id={`group-${terms[0]?.id}`} className="join-group-title">
        {title}
      </h2>
      <ul className="join-term-list">
        {terms.map((term) => (
          <li key={term.id} className="join-term">
            <label className="form-check">
              <input
                type="checkbox"
                name={term.id}
                checked={values[term.id]}
                aria-invalid={invalid && !values[term.id] ? true : undefined}
                onChange={(event) => onChange({ ...values, [term.id as TermId]: event.target.checked })}
              />
              <span>
                <span className={`join-tag join-tag-${term.required ? "required" : "optional"}`}>
                  {term.required ? tx.required : tx.optional}
                </span>{" "}
                {term.agree}
              </span>
            </label>
            <details className="join-term-text">
              <summary>
                {tx.readFull}
                <span className="visually-hidden">: {term.title}</span>
              </summary>
              <div className="join-term-body" tabIndex={0} role="region" aria-label={term.title}>
                <h3>{term.title}</h3>
                {term.sections.map((section) => (
                  <section key={section.heading}>
                    <h4>{section.heading}</h4>
                    {section.paragraphs.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </section>
                ))}
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
