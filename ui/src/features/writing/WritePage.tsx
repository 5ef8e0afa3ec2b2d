// /mypage/content/register (a new post) and ?id= (editing one), for the business's master
// and managers: the post's fields, the body editor, autosave, the browser's copy, revisions,
// preview links and the schedule. The page follows its query itself (the core's route
// table): the first save gives a new post its id in the address without starting the page
// again, while another address (the console's "Write" link) starts a new writer.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearch } from "wouter";
import { ConsoleShell, useConsoleAccess } from "../../components/console";
import { ApiError } from "../../lib/api";
import type { MyBusiness } from "../../lib/business";
import { parseId } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { editedPostQuery } from "./api";
import { useWritingTexts } from "./texts";
import { Writer } from "./Writer";
import "./writing.css";

export default function WritePage() {
  const tx = useWritingTexts();
  const access = useConsoleAccess("business");
  const id = parseId(new URLSearchParams(useSearch()).get("id") ?? "") ?? null;
  if (access.state === "loading") return <Loading text={tx.loading} />;
  if (access.state === "failed") return <LoadFailed text={tx.loadFailed} />;
  return (
    <ConsoleShell mine={access.mine} section="write" title={id ? tx.editTitle : tx.newTitle}>
      <Writers mine={access.mine} id={id} />
    </ConsoleShell>
  );
}

/** One writer per post: a new one when the address names another post (or none), the same
 * one when it names the post this writer has just created. */
function Writers({ mine, id }: { mine: MyBusiness; id: number | null }) {
  const [current, setCurrent] = useState({ id, generation: 0, created: false });
  // Adjusting state while rendering: the address moved to another post.
  if (current.id !== id) setCurrent({ id, generation: current.generation + 1, created: false });
  const adopt = (created: number) => setCurrent((c) => ({ ...c, id: created, created: true }));
  // After a restore or to take another's version, the created post is read from the server.
  const reload = () => setCurrent((c) => ({ ...c, generation: c.generation + 1, created: false }));
  if (id === null || current.created) return <Writer key={current.generation} mine={mine} post={null} onCreated={adopt} onReload={reload} />;
  return <ExistingPost key={current.generation} mine={mine} id={id} />;
}

function ExistingPost({ mine, id }: { mine: MyBusiness; id: number }) {
  const tx = useWritingTexts();
  const [reloads, setReloads] = useState(0);
  const query = useQuery(editedPostQuery(id, reloads));
  if (query.isPending) return <Loading text={tx.loading} />;
  if (query.isError) return <LoadFailed text={query.error instanceof ApiError && query.error.status === 404 ? tx.notFound : tx.loadFailed} />;
  if (query.data.business.id !== mine.business.id) return <LoadFailed text={tx.notFound} />;
  return <Writer key={reloads} mine={mine} post={query.data} onReload={() => setReloads((n) => n + 1)} />;
}
