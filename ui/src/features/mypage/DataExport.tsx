// "내 정보 내려받기" on my page: the file of everything Tidemark holds about the member
// (server/src/members/export.rs says what). Asked for here, made in the background, mailed
// as a link back to this section (`/mypage?export=<id>`), kept seven days.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearch } from "wouter";
import { useFailureMessage } from "../../components/form";
import { formatDate, formatNumber, offsetMinutes } from "../../lib/core";
import { exportFileUrl, exportStateQuery, useRequestExport, type ExportState } from "./api";
import { fill, useMyPageTexts } from "./texts";

/** A file's length as a reader says it: KB below a megabyte, MB above. */
function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function when(at: string): string {
  return formatDate(at, "yyyy-MM-dd HH:mm", offsetMinutes());
}

export function DataExportSection() {
  const tx = useMyPageTexts();
  const failure = useFailureMessage();
  const state = useQuery(exportStateQuery());
  const ask = useRequestExport();
  const section = useRef<HTMLElement>(null);
  const linked = new URLSearchParams(useSearch()).has("export");

  // The mail's link leads here: bring the section into view once it is drawn.
  useEffect(() => {
    if (linked && state.isSuccess) section.current?.scrollIntoView({ block: "center" });
  }, [linked, state.isSuccess]);

  const current: ExportState | undefined = state.data;
  const problem = ask.error
    ? failure(ask.error, (refusal) => (refusal.status === 429 ? tx.dataTooMany : undefined))
    : state.error
      ? failure(state.error)
      : null;
  const requestButton = (label: string) => (
    <button type="button" className="button button-small" onClick={() => ask.mutate()} disabled={ask.isPending}>
      {ask.isPending ? tx.dataRequesting : label}
    </button>
  );

  return (
    <section className="mypage-section" aria-labelledby="mypage-data" ref={section}>
      <h2 id="mypage-data">{tx.dataHeading}</h2>
      <p className="mypage-note">{tx.dataLead}</p>
      <p className="mypage-note">{tx.dataWhen}</p>
      {current?.status === "PREPARING" ? (
        <p className="mypage-status" role="status">
          {tx.dataPreparing}
        </p>
      ) : null}
      {current?.status === "READY" && current.id !== null && current.readyAt && current.expiresAt ? (
        <>
          <p role="status" data-field="export">
            {fill(tx.dataReady, { date: when(current.readyAt), until: when(current.expiresAt) })}
          </p>
          <p className="mypage-links">
            <a className="button button-small button-primary" href={exportFileUrl(current.id)} download>
              {fill(tx.dataDownload, { size: sizeOf(current.byteSize ?? 0) })}
            </a>
            {requestButton(tx.dataAgain)}
          </p>
        </>
      ) : null}
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      {current?.status === "NONE" ? <p className="mypage-links">{requestButton(tx.dataRequest)}</p> : null}
    </section>
  );
}
