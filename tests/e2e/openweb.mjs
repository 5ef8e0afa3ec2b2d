// The open web as the browser tests see it (this machine reaches none): a local oEmbed
// provider answering on YouTube's, Vimeo's and Naver TV's own paths (the server asks it through
// TIDEMARK_OEMBED_URL), the videos' thumbnails, and a news page with Open Graph tags and its
// picture (the server may fetch it through TIDEMARK_FETCH_ALLOW). Its address is the site's
// port + 3 (playwright.config.ts).
import { createServer } from "node:http";
import { crc32, deflateSync } from "node:zlib";

const port = Number(process.argv[2]);
const origin = `http://127.0.0.1:${port}`;

/** A PNG of one colour with a band of another, `width`×`height`. */
function png(width, height, rgb, band) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const colour = y > height * 0.4 && y < height * 0.6 ? band : rgb;
    return Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(colour))]);
  });
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

const pictures = {
  "/thumbs/youtube.png": png(480, 360, [200, 30, 30], [250, 250, 250]),
  "/thumbs/vimeo.png": png(480, 270, [20, 120, 200], [250, 250, 250]),
  "/thumbs/navertv.png": png(480, 270, [3, 199, 90], [250, 250, 250]),
  "/news/og.png": png(600, 315, [11, 92, 173], [240, 180, 40]),
};

/** The videos the providers know, by the page link the server asks about. */
function oembed(link) {
  const provider = link.startsWith("https://www.youtube.com/") ? "youtube" : link.startsWith("https://vimeo.com/") ? "vimeo" : link.startsWith("https://tv.naver.com/") ? "navertv" : null;
  if (!provider) return null;
  const titles = { youtube: "타이드마크 2026 신제품 발표", vimeo: "Tidemark launch film", navertv: "타이드마크 채용 설명회" };
  return { type: "video", version: "1.0", title: titles[provider], thumbnail_url: `${origin}/thumbs/${provider}.png`, thumbnail_width: 480, thumbnail_height: 360 };
}

const NEWS = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>예시 뉴스</title>
<meta property="og:title" content="타이드마크, 한국 기업을 위한 소식 플랫폼 출시">
<meta property="og:description" content="기업이 직접 쓰고 독자가 팔로우하는 새 방법을 소개합니다.">
<meta property="og:image" content="${origin}/news/og.png">
<meta property="og:site_name" content="예시 뉴스"></head><body><h1>기사</h1></body></html>`;

createServer((request, response) => {
  const url = new URL(request.url ?? "/", origin);
  if (url.pathname in pictures) {
    response.writeHead(200, { "content-type": "image/png" }).end(pictures[url.pathname]);
  } else if (url.pathname === "/oembed" || url.pathname === "/api/oembed.json") {
    const answer = oembed(url.searchParams.get("url") ?? "");
    if (answer) response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    else response.writeHead(404).end();
  } else if (url.pathname === "/news/launch") {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(NEWS);
  } else if (url.pathname === "/ready") {
    response.writeHead(200).end("ok");
  } else {
    response.writeHead(404).end();
  }
}).listen(port, "127.0.0.1");
