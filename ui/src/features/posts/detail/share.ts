// The share links of a post (PRODUCT "Post detail"): the public share addresses of each
// service, which need no SDK and no key.
import type { ShareChannel } from "../../../lib/analytics";

export type ShareService = Exclude<ShareChannel, "link">;

/** The service's share address for `url` (and `title` where the service takes a text). */
export function shareUrl(service: ShareService, url: string, title: string): string {
  const address = encodeURIComponent(url);
  switch (service) {
    case "kakao":
      return `https://story.kakao.com/share?url=${address}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${address}`;
    case "x":
      return `https://twitter.com/intent/tweet?url=${address}&text=${encodeURIComponent(title)}`;
  }
}
