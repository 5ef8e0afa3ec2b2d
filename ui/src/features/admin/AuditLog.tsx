// The operators' audit log, newest first, all actions or one. It is read here and edited
// nowhere.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { LoadFailed, Loading } from "../../lib/status";
import { auditQuery, AUDIT_ACTIONS } from "./api";
import { When } from "./parts";
import { useAdminTexts } from "./texts";

export function AuditLog() {
  const tx = useAdminTexts();
  const [action, setAction] = useState<string | null>(null);
  const log = useInfiniteQuery(auditQuery(action));
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ConsoleCard title={tx.audit} id="admin-audit">
      <div className="admin-filters">
        <label htmlFor="admin-audit-action">{tx.actionFilter}</label>
        <select id="admin-audit-action" value={action ?? ""} onChange={(event) => setAction(event.target.value || null)}>
          <option value="">{tx.all}</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadFailed />
      ) : rows.length === 0 ? (
        <p>{tx.noResults}</p>
      ) : (
        <ConsoleTable columns={[tx.colWhen, tx.colWho, tx.colAction, tx.colTarget, tx.colNote]}>
          {rows.map((entry) => (
            <tr key={entry.id}>
              <td>
                <When at={entry.createdAt} />
              </td>
              <td>{entry.actorEmail ?? tx.commandLine}</td>
              <td>{entry.action}</td>
              <td>
                {entry.targetKind}
                {entry.targetId !== null ? ` #${entry.targetId}` : ""}
              </td>
              <td>{entry.note ?? ""}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {log.hasNextPage ? (
        <button type="button" className="button button-small" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {tx.more}
        </button>
      ) : null}
    </ConsoleCard>
  );
}
