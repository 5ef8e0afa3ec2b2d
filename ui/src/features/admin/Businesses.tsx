// Every business: search by name or registration number, narrow to verified or not; one
// business's file (its people, newest posts and audit entries) with the verified badge set or
// removed with a note.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { parseId } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { businessesQuery, businessFileQuery, useVerify, type BusinessFilters, type BusinessRow } from "./api";
import { failureText, FlashLine, type Flash, When } from "./parts";
import { fill, useAdminTexts } from "./texts";

export function Businesses() {
  const id = parseId(new URLSearchParams(useSearch()).get("id") ?? "") ?? null;
  return id === null ? <BusinessList /> : <BusinessFileView id={id} />;
}

function BusinessList() {
  const tx = useAdminTexts();
  const [typed, setTyped] = useState("");
  const [filters, setFilters] = useState<BusinessFilters>({ q: "", verified: null });
  const list = useInfiniteQuery(businessesQuery(filters));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters((current) => ({ ...current, q: typed }));
  };
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ConsoleCard title={tx.businesses} id="admin-businesses">
      <form className="admin-filters" role="search" onSubmit={submit}>
        <label htmlFor="admin-business-q">{tx.searchLabel}</label>
        <input id="admin-business-q" type="search" placeholder={tx.businessSearchHint} value={typed} onChange={(event) => setTyped(event.target.value)} />
        <label htmlFor="admin-business-verified">{tx.statusFilter}</label>
        <select
          id="admin-business-verified"
          value={filters.verified === null ? "" : String(filters.verified)}
          onChange={(event) => setFilters((current) => ({ ...current, verified: event.target.value === "" ? null : event.target.value === "true" }))}
        >
          <option value="">{tx.all}</option>
          <option value="true">{tx.verifiedOnly}</option>
          <option value="false">{tx.unverifiedOnly}</option>
        </select>
        <button type="submit" className="button button-small">
          {tx.searchLabel}
        </button>
      </form>
      {list.isPending ? <Loading /> : list.isError ? <LoadFailed /> : rows.length === 0 ? <p>{tx.noResults}</p> : <BusinessTable rows={rows} />}
      {list.hasNextPage ? (
        <button type="button" className="button button-small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {tx.more}
        </button>
      ) : null}
    </ConsoleCard>
  );
}

function BusinessTable({ rows }: { rows: BusinessRow[] }) {
  const tx = useAdminTexts();
  return (
    <ConsoleTable columns={[tx.colBusiness, tx.registrationNumber, tx.colStatus, tx.note, tx.registeredAt]}>
      {rows.map((row) => (
        <tr key={row.id}>
          <td>
            <Link href={`/admin/businesses?id=${row.id}`}>{row.name}</Link>
          </td>
          <td>{row.registrationNumber}</td>
          <td>{row.verified ? <span className="console-badge console-badge-verified">{tx.verified}</span> : tx.unverified}</td>
          <td>{row.verificationNote ?? ""}</td>
          <td>
            <When at={row.createdAt} />
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

function BusinessFileView({ id }: { id: number }) {
  const tx = useAdminTexts();
  const file = useQuery(businessFileQuery(id));
  const verification = useVerify();
  const [note, setNote] = useState("");
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(false);
  if (file.isPending) return <Loading />;
  if (file.isError) return <LoadFailed />;
  const { business, people, posts, audit } = file.data;
  const change = async (event: FormEvent) => {
    event.preventDefault();
    const verified = !business.verified;
    if (!verified && !note.trim()) return setFlash({ kind: "problem", text: tx.noteRequired });
    setBusy(true);
    try {
      await verification.mutateAsync({ id: business.id, verified, note: note.trim() });
      setNote("");
      setFlash({ kind: "ok", text: fill(verified ? tx.verifiedDone : tx.unverifiedDone, { name: business.name }) });
    } catch (error) {
      setFlash({ kind: "problem", text: failureText(tx, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>
        <Link href="/admin/businesses">{tx.back}</Link>
      </p>
      <ConsoleCard title={business.name} id="admin-business">
        <dl className="admin-facts">
          <dt>{tx.registrationNumber}</dt>
          <dd>{business.registrationNumber}</dd>
          <dt>{tx.colStatus}</dt>
          <dd>{business.verified ? <span className="console-badge console-badge-verified">{tx.verified}</span> : tx.unverified}</dd>
          {business.verificationNote ? (
            <>
              <dt>{tx.note}</dt>
              <dd>{business.verificationNote}</dd>
            </>
          ) : null}
          <dt>{tx.followers}</dt>
          <dd>{business.followerCount}</dd>
          <dt>{tx.registeredAt}</dt>
          <dd>
            <When at={business.createdAt} />
          </dd>
        </dl>
        <form className="admin-form" onSubmit={(event) => void change(event)} noValidate>
          <label htmlFor="admin-verify-note">{business.verified ? tx.unverifyNote : tx.verifyNote}</label>
          <textarea id="admin-verify-note" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          <button type="submit" className={business.verified ? "button button-small" : "button button-small button-primary"} disabled={busy}>
            {business.verified ? tx.unverify : tx.verify}
          </button>
        </form>
        <FlashLine flash={flash} />
      </ConsoleCard>
      <ConsoleCard title={tx.people} id="admin-people">
        {people.length === 0 ? (
          <p>{tx.noResults}</p>
        ) : (
        <ConsoleTable columns={[tx.colMember, tx.colRole, tx.colSince]}>
          {people.map((person) => (
            <tr key={person.memberId}>
              <td>{person.nickname ?? person.email}</td>
              <td>{person.role === "BUSINESS_MASTER" ? tx.roleMaster : tx.roleManager}</td>
              <td>
                <When at={person.since} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
        )}
      </ConsoleCard>
      <ConsoleCard title={tx.recentPosts} id="admin-business-posts">
        {posts.length === 0 ? (
          <p>{tx.noResults}</p>
        ) : (
          <ConsoleTable columns={[tx.colItem, tx.colStatus, tx.colWhen]}>
            {posts.map((post) => (
              <tr key={post.postSeq}>
                <td>{post.title}</td>
                <td>{tx[post.status] ?? post.status}</td>
                <td>
                  <When at={post.updatedAt} />
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </ConsoleCard>
      <ConsoleCard title={tx.recentAudit} id="admin-business-audit">
        {audit.length === 0 ? (
          <p>{tx.noResults}</p>
        ) : (
          <ConsoleTable columns={[tx.colWhen, tx.colAction, tx.colNote]}>
            {audit.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <When at={entry.createdAt} />
                </td>
                <td>{entry.action}</td>
                <td>{typeof entry.detail?.note === "string" ? entry.detail.note : (entry.targetEmail ?? "")}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </ConsoleCard>
    </>
  );
}
