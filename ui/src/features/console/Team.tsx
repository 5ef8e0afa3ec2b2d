// The team of a business: its people (the master may remove a manager), invitations with
// their state (resend gives a new link and kills the old one; withdraw), the hand-over to a
// manager, and the audit log, newest first, by kind.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { FormAlert, PasswordField, TextField, useFailureMessage, useProblems } from "../../components/form";
import { ApiError } from "../../lib/api";
import { isMaster, type MyBusiness } from "../../lib/business";
import { filterEmail, formatDate, isValidEmail } from "../../lib/core";
import { useSession } from "../../lib/session";
import {
  auditQuery,
  invitationsQuery,
  managersQuery,
  useCheckPassword,
  useInvite,
  useOfferOwnership,
  useRemoveManager,
  useResendInvitation,
  useSetTwoStepRule,
  useWithdrawInvitation,
  type Invitation,
  type Manager,
} from "./api";
import { FlashLine, type Flash } from "./parts";
import { AUDIT_ACTIONS, fill, useBusinessTexts } from "./texts";

const day = (iso: string) => formatDate(iso, "yyyy.MM.dd");
const nameOf = (manager: Manager) => manager.nickname ?? manager.email ?? `#${manager.memberId}`;

export function Team({ mine }: { mine: MyBusiness }) {
  const master = isMaster(mine);
  const id = mine.business.id;
  const [flash, setFlash] = useState<Flash | null>(null);
  return (
    <div className="console-grid">
      <FlashLine flash={flash} />
      <Managers id={id} master={master} onDone={setFlash} />
      {master ? (
        <>
          <TwoStepRule mine={mine} onDone={setFlash} />
          <Invitations id={id} onDone={setFlash} />
          <Ownership id={id} onDone={setFlash} />
          <Audit id={id} />
        </>
      ) : null}
    </div>
  );
}

function Managers({ id, master, onDone }: { id: number; master: boolean; onDone: (flash: Flash) => void }) {
  const tx = useBusinessTexts();
  const managers = useQuery(managersQuery(id));
  const removal = useRemoveManager(id);
  const failure = useFailureMessage();
  const [problem, setProblem] = useState<string | null>(null);
  async function remove(manager: Manager) {
    if (!window.confirm(fill(tx.removeConfirm, { name: nameOf(manager) }))) return;
    try {
      await removal.mutateAsync(manager.memberId);
      onDone({ key: "removed", values: { name: nameOf(manager) } });
    } catch (error) {
      setProblem(failure(error));
    }
  }
  return (
    <ConsoleCard title={tx.teamTitle} id="team-people">
      <FormAlert problem={problem} />
      <ConsoleTable columns={[tx.member, tx.role, tx.since, ...(master ? [tx.twoStepColumn, ""] : [])]}>
        {(managers.data ?? []).map((manager) => (
          <tr key={manager.memberId}>
            <td>
              {manager.nickname ?? "—"}
              <br />
              <span className="console-muted console-small">{manager.email}</span>
            </td>
            <td>{manager.role === "BUSINESS_MASTER" ? tx.roleMaster : tx.roleManager}</td>
            <td>
              <time dateTime={manager.since}>{day(manager.since)}</time>
            </td>
            {master ? <td>{manager.twoStep ? tx.twoStepOn : tx.twoStepOff}</td> : null}
            {master ? (
              <td>
                {manager.role === "BUSINESS" ? (
                  <button type="button" className="button button-small" onClick={() => void remove(manager)}>
                    {tx.remove}
                  </button>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </ConsoleTable>
    </ConsoleCard>
  );
}

/** The master's rule: everyone in the team signs in with two steps. The master must have it
 * first (409 otherwise); those who do not have it yet are named while the rule holds. */
function TwoStepRule({ mine, onDone }: { mine: MyBusiness; onDone: (flash: Flash) => void }) {
  const tx = useBusinessTexts();
  const id = mine.business.id;
  const managers = useQuery(managersQuery(id));
  const setting = useSetTwoStepRule(id);
  const failure = useFailureMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const without = (managers.data ?? []).filter((person) => !person.twoStep);
  async function change(required: boolean) {
    setProblem(null);
    try {
      await setting.mutateAsync(required);
      onDone({ key: required ? "twoStepRequiredDone" : "twoStepOptionalDone" });
    } catch (error) {
      setProblem(failure(error, (known) => (known.status === 409 ? tx.twoStepMasterFirst : undefined)));
    }
  }
  return (
    <ConsoleCard title={tx.twoStepTitle} id="team-two-step">
      <p className="console-muted">{tx.twoStepLead}</p>
      <label className="console-check">
        <input type="checkbox" checked={mine.requiresTwoStep} disabled={setting.isPending} onChange={(event) => void change(event.target.checked)} />
        {tx.twoStepRequire}
      </label>
      {mine.requiresTwoStep && without.length > 0 ? <p>{fill(tx.twoStepWithout, { names: without.map(nameOf).join(", ") })}</p> : null}
      {problem ? (
        <p className="form-alert" role="alert">
          {problem} {problem === tx.twoStepMasterFirst ? <Link href="/mypage/security">{tx.twoStepSetUpMine}</Link> : null}
        </p>
      ) : null}
    </ConsoleCard>
  );
}

function Invitations({ id, onDone }: { id: number; onDone: (flash: Flash) => void }) {
  const tx = useBusinessTexts();
  const invitations = useQuery(invitationsQuery(id));
  const inviting = useInvite(id);
  const resend = useResendInvitation(id);
  const withdrawal = useWithdrawInvitation(id);
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) return show({ "invite-email": tx.inviteBadEmail });
    setBusy(true);
    try {
      await inviting.mutateAsync(address);
      clear();
      setEmail("");
      onDone({ key: "invited", values: { email: address } });
    } catch (error) {
      const member = error instanceof ApiError && error.status === 409;
      show(member ? { "invite-email": tx.inviteTeamMember } : { form: failure(error) });
    } finally {
      setBusy(false);
    }
  }

  async function act(invitation: Invitation, what: "resend" | "withdraw") {
    try {
      await (what === "resend" ? resend : withdrawal).mutateAsync(invitation.id);
      onDone({ key: what === "resend" ? "resent" : "withdrawn", values: { email: invitation.email } });
    } catch (error) {
      show({ form: failure(error) });
    }
  }

  const items = invitations.data ?? [];
  return (
    <ConsoleCard title={tx.invitationsTitle} id="team-invitations">
      <form ref={formRef} className="console-inline-form" noValidate onSubmit={(event) => void invite(event)}>
        <TextField
          id="invite-email"
          label={tx.inviteEmail}
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
          filter={filterEmail}
          problem={problems["invite-email"]}
          after={
            <button type="submit" className="button button-primary" disabled={busy}>
              {tx.invite}
            </button>
          }
        />
        <FormAlert problem={problems.form} />
      </form>
      {items.length === 0 ? (
        <p className="console-muted">{tx.noInvitations}</p>
      ) : (
        <ConsoleTable columns={[tx.email, tx.state, tx.sent, tx.expires, ""]}>
          {items.map((invitation) => (
            <tr key={invitation.id} data-state={invitation.status}>
              <td>{invitation.email}</td>
              <td>{tx[`state${invitation.status}`]}</td>
              <td>{day(invitation.createdAt)}</td>
              <td>{day(invitation.expiresAt)}</td>
              <td className="console-row-actions">
                {invitation.status === "PENDING" || invitation.status === "EXPIRED" ? (
                  <button type="button" className="button button-small" onClick={() => void act(invitation, "resend")} aria-label={`${tx.resend}: ${invitation.email}`}>
                    {tx.resend}
                  </button>
                ) : null}
                {invitation.status === "PENDING" ? (
                  <button type="button" className="button button-small" onClick={() => void act(invitation, "withdraw")} aria-label={`${tx.withdraw}: ${invitation.email}`}>
                    {tx.withdraw}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </ConsoleCard>
  );
}

function Ownership({ id, onDone }: { id: number; onDone: (flash: Flash) => void }) {
  const tx = useBusinessTexts();
  const session = useSession();
  const managers = useQuery(managersQuery(id));
  const check = useCheckPassword();
  const offering = useOfferOwnership(id);
  const failure = useFailureMessage();
  const { formRef, problems, show, clear } = useProblems();
  const [to, setTo] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const candidates = (managers.data ?? []).filter((manager) => manager.role === "BUSINESS");

  async function offer(event: FormEvent) {
    event.preventDefault();
    const manager = candidates.find((candidate) => String(candidate.memberId) === to);
    if (!manager) return show({ "ownership-to": tx.ownershipTo });
    setBusy(true);
    try {
      await check.mutateAsync(password).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) throw new ApiError(401, "password", tx.passwordWrong);
        throw error;
      });
      await offering.mutateAsync(manager.memberId);
      clear();
      setPassword("");
      onDone({ key: "offered", values: { name: nameOf(manager) } });
    } catch (error) {
      if (error instanceof ApiError && error.code === "password") show({ "ownership-password": tx.passwordWrong });
      else show({ form: failure(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConsoleCard title={tx.ownershipTitle} id="team-ownership">
      <p className="console-muted">{tx.ownershipLead}</p>
      {candidates.length === 0 ? (
        <p>{tx.ownershipNoManagers}</p>
      ) : (
        <form ref={formRef} className="form-stack" noValidate onSubmit={(event) => void offer(event)}>
          <div className="form-field">
            <label htmlFor="ownership-to">{tx.ownershipTo}</label>
            <select id="ownership-to" value={to} onChange={(event) => setTo(event.target.value)} aria-invalid={problems["ownership-to"] ? true : undefined}>
              <option value="">—</option>
              {candidates.map((manager) => (
                <option key={manager.memberId} value={manager.memberId}>
                  {nameOf(manager)}
                  {manager.email ? ` (${manager.email})` : ""}
                </option>
              ))}
            </select>
          </div>
          <input type="text" name="username" autoComplete="username" value={session.member?.email ?? ""} readOnly hidden />
          <PasswordField id="ownership-password" label={tx.password} value={password} onChange={setPassword} autoComplete="current-password" showRule={false} problem={problems["ownership-password"]} />
          <FormAlert problem={problems.form} />
          <button type="submit" className="button" disabled={busy || !password}>
            {tx.offer}
          </button>
        </form>
      )}
    </ConsoleCard>
  );
}

function Audit({ id }: { id: number }) {
  const tx = useBusinessTexts();
  const [kind, setKind] = useState("");
  const audit = useQuery(auditQuery(id, kind));
  const entries = audit.data?.items ?? [];
  const label = (action: string) => (AUDIT_ACTIONS as readonly string[]).includes(action) ? tx[`action${action as (typeof AUDIT_ACTIONS)[number]}`] : `${tx.actionOther} (${action})`;
  return (
    <ConsoleCard
      title={tx.auditTitle}
      id="team-audit"
      aside={
        <div className="form-field console-filter">
          <label htmlFor="audit-kind">{tx.auditFilter}</label>
          <select id="audit-kind" value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">{tx.auditAll}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {label(action)}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {entries.length === 0 ? (
        <p className="console-muted">{tx.auditEmpty}</p>
      ) : (
        <ConsoleTable columns={[tx.when, tx.what, tx.who]}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(entry.createdAt, "yyyy.MM.dd HH:mm")}</td>
              <td>{label(entry.action)}</td>
              <td>{entry.targetEmail ?? (entry.targetMemberId ? `#${entry.targetMemberId}` : "—")}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </ConsoleCard>
  );
}
