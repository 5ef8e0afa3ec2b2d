// A link made a block by the server (POST /api/v1/embeds): a video with its title and
// thumbnail, or a link card read from the page's Open Graph tags, pictures kept as uploads.
import { api } from "../../lib/api";
import type { Embed } from "../../lib/apiSchema";
import type { BlockData, Picture } from "./blocks";

/** The block a link makes, through the server (`videoOnly`: a video, or a refusal without the
 * page being read). */
export async function embedOf(link: string, videoOnly = false): Promise<BlockData> {
  const embed = await api<Embed>("/api/v1/embeds", { method: "POST", body: { url: link, videoOnly } });
  const picture = (upload: { url: string; width?: number | null; height?: number | null } | null | undefined, alt: string): Picture | null =>
    upload ? { src: upload.url, alt, width: upload.width ?? null, height: upload.height ?? null } : null;
  if (embed.kind === "video") {
    const title = embed.title ?? "";
    return { kind: "video", player: embed.player, title, thumbnail: picture(embed.thumbnail, title || embed.providerName), caption: "" };
  }
  return { kind: "linkCard", url: embed.url, title: embed.title, text: embed.description ?? "", site: embed.site, image: picture(embed.image, "") };
}
