// The editor's HTML, both ways: every node type of tests/fixtures/editor/bodies.json is read
// and written back unchanged (the server's tests check the sanitiser keeps the same bodies
// unchanged), links and images the sanitiser would drop never enter, and pastes from Word,
// Google Docs and 한글 keep their headings, lists and tables and lose their styling.
import { buildEditorFromExtensions } from "@lexical/extension";
import { describe, expect, it } from "vitest";
import bodies from "../../../../tests/fixtures/editor/bodies.json";
import { bodyExtension } from "./extension";
import { $bodyHtml } from "./html";


function roundTrip(html: string): string {
  const editor = buildEditorFromExtensions(
    bodyExtension(html, (error) => {
      throw error;
    }),
  );
  try {
    return editor.read(() => $bodyHtml());
  } finally {
    editor.dispose();
  }
}

describe("the body editor's HTML", () => {
  for (const [name, html] of Object.entries(bodies)) {
    if (name === "//") continue;
    it(`reads and writes back a ${name} unchanged`, () => {
      expect(roundTrip(html)).toBe(html);
    });
  }

  it("writes nothing for an empty body, and keeps a single empty paragraph out", () => {
    expect(roundTrip("")).toBe("");
    expect(roundTrip("<p></p><p><br></p>")).toBe("");
  });

  it("drops what the sanitiser would drop: scripts, styles, classes, foreign images, unsafe links", () => {
    const html = roundTrip(
      '<p style="color:red" class="x" dir="ltr"><span style="font-weight:bold">굵게</span> <a href="javascript:alert(1)">나쁜 링크</a> <img src="https://evil.example/x.png" alt="x"></p><script>alert(1)</script><h1>큰 제목</h1>',
    );
    expect(html).toBe("<p><strong>굵게</strong> 나쁜 링크</p><h2>큰 제목</h2>");
  });
});

describe("pasting from office programs", () => {
  // Clipboard HTML as Word, Google Docs and 한글 put it on the clipboard, and what the editor
  // keeps of each (the browser tests paste the same files and expect the same bodies).
  const files = import.meta.glob<string>("../../../../tests/fixtures/paste/*.html", { query: "?raw", import: "default", eager: true });
  const file = (name: string) => {
    const html = Object.entries(files).find(([path]) => path.endsWith(`/${name}`))?.[1];
    if (html === undefined) throw new Error(`no paste fixture ${name}`);
    return html;
  };
  const cases = [
    ["word", "Word's heading, bulleted and numbered lists and table"],
    ["google-docs", "Google Docs' headings, list and table"],
    ["hwp", "한글's outline headings, lists and table"],
  ];
  for (const [name, what] of cases) {
    it(`keeps ${what}, and drops their styling`, () => {
      expect(roundTrip(file(`${name}.html`))).toBe(file(`${name}.expected.html`).trim());
    });
  }
});
