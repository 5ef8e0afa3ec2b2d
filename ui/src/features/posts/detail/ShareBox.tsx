import { useEffect, useRef, useState } from "react";
import { pushDataLayer, recordPostEvent, type ShareChannel } from "../../../lib/analytics";
import { useSession } from "../../../lib/session";
import { shareUrl, type ShareService } from "./share";
import { useDetailTexts } from "./texts";

type CopyState = "idle" | "copied" | "failed";

/** Link copy and the share links of Kakao, LinkedIn and X; each share is a post event. */
export function ShareBox({ postSeq, title }: { postSeq: number; title: string }) {
  const tx = useDetailTexts();
  const [copy, setCopy] = useState<CopyState>("idle");
  const reset = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reset.current), []);
  const { user } = useSession();
  const url = `${window.location.origin}/post/${postSeq}`;
  // Each share is a post event (with its channel) and a data-layer entry on the SHARE screen.
  const shared = (channel: ShareChannel) => {
    recordPostEvent("share", postSeq, channel);
    pushDataLayer("Select_Content", "SHARE", user);
  };

  const copyLink = async () => {
    window.clearTimeout(reset.current);
    try {
      await navigator.clipboard.writeText(url);
      setCopy("copied");
      shared("link");
    } catch {
      setCopy("failed");
    }
    reset.current = window.setTimeout(() => setCopy("idle"), 4000);
  };

  const services: { service: ShareService; name: string }[] = [
    { service: "kakao", name: tx.shareKakao },
    { service: "linkedin", name: tx.shareLinkedIn },
    { service: "x", name: tx.shareX },
  ];
  return (
    <section className="share-box" aria-labelledby="share-title">
      <h2 id="share-title" className="share-title">
        {tx.share}
      </h2>
      <ul className="share-list">
        <li>
          <button type="button" className="share-item share-copy" onClick={() => void copyLink()}>
            <span className="share-mark" aria-hidden="true">
              <svg viewBox="0 0 16 16" focusable="false">
                <path d="M6.6 9.4a2.8 2.8 0 0 0 4 0l2.2-2.2a2.8 2.8 0 0 0-4-4l-.9.9" />
                <path d="M9.4 6.6a2.8 2.8 0 0 0-4 0L3.2 8.8a2.8 2.8 0 0 0 4 4l.9-.9" />
              </svg>
            </span>
            {tx.copyLink}
          </button>
        </li>
        {services.map(({ service, name }) => (
          <li key={service}>
            <a
              className={`share-item share-${service}`}
              href={shareUrl(service, url, title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => shared(service)}
              data-share={service}
            >
              <span className="share-mark" aria-hidden="true">
                {service === "kakao" ? "K" : service === "linkedin" ? "in" : "𝕏"}
              </span>
              {name}
              <span className="visually-hidden">{tx.shareOn}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className={`share-status share-status-${copy}`} role="status">
        {copy === "copied" ? tx.linkCopied : copy === "failed" ? tx.copyFailed : ""}
      </p>
    </section>
  );
}
