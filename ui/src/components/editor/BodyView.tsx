// A body shown as readers will read it, outside the editor (a revision beside the post).
import { useLayoutEffect, useRef } from "react";
import { bodyNodes } from "./markup";

export function BodyView({ html, className }: { html: string; className?: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.replaceChildren(...bodyNodes(html));
  }, [html]);
  return <div ref={host} className={className} />;
}
