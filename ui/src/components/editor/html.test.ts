// The editor's HTML, both ways: every node type of tests/fixtures/editor/bodies.json is read
// and written back unchanged (the server's tests check the sanitiser keeps the same bodies
// unchanged), links and images the sanitiser would drop never enter, and pastes from Word,
// Google Docs and 한글 keep their headings, lists and tables and lose their styling.
import { ClipboardImportExtension } from "@lexical/clipboard";
import { buildEditorFromExtensions, getExtensionDependencyFromEditor } from "@lexical/extension";
import { createEmptyHistoryState } from "@lexical/history";
import { $createParagraphNode, $createTextNode, $getRoot, UNDO_COMMAND } from "lexical";
import { describe, expect, it } from "vitest";
import bodies from "../../../../tests/fixtures/editor/bodies.json";
import { bodyExtension } from "./extension";
import { $bodyHtml } from "./html";
import { hasTable } from "./lazyTables";
import * as tables from "./tables";

/** The body read into the editor (with the tables when it has one, as the page loads them)
 * and written back. */
function roundTrip(html: string): string {
  const editor = buildEditorFromExtensions(
    bodyExtension({
      start: html,
      tables: hasTable(html) ? tables : null,
      onError: (error) => {
        throw error;
      },
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

describe("tables loaded on demand", () => {
  const fail = (error: Error) => {
    throw error;
  };

  it("hands a paste that holds a table over instead of pasting it without one", () => {
    const handed: string[] = [];
    const editor = buildEditorFromExtensions(bodyExtension({ start: "<p>앞</p>", onError: fail, onTablePaste: (html) => handed.push(html) }));
    try {
      const transfer = { types: ["text/html"], getData: (type: string) => (type === "text/html" ? "<table><tr><td>셀</td></tr></table>" : "") } as unknown as DataTransfer;
      const { output } = getExtensionDependencyFromEditor(editor, ClipboardImportExtension);
      editor.update(() => output.$insertDataTransfer(transfer, $getRoot().selectEnd()), { discrete: true });
      expect(handed).toEqual(["<table><tr><td>셀</td></tr></table>"]);
      expect(editor.read(() => $bodyHtml())).toBe("<p>앞</p>");
    } finally {
      editor.dispose();
    }
  });

  it("makes the editor again with tables from the same text, caret and undo history", () => {
    const history = createEmptyHistoryState();
    const first = buildEditorFromExtensions(bodyExtension({ start: "<p>처음</p>", onError: fail, history }));
    // (The first change of an editor is where its history starts, as in Lexical's own.)
    first.update(() => $getRoot().append($createParagraphNode().append($createTextNode("둘째"))), { discrete: true });
    first.update(() => $getRoot().append($createParagraphNode().append($createTextNode("셋째"))), { discrete: true });
    first.update(() => $getRoot().selectEnd(), { discrete: true });
    const state = first.getEditorState();
    first.dispose();

    const next = buildEditorFromExtensions(bodyExtension({ start: state, tables, history, onError: fail }));
    try {
      expect(next.read(() => $bodyHtml())).toBe("<p>처음</p><p>둘째</p><p>셋째</p>");
      tables.insertTable(next);
      expect(next.read(() => $bodyHtml())).toMatch(/^<p>처음<\/p><p>둘째<\/p><p>셋째<\/p><table><tbody><tr><th><\/th><th><\/th><th><\/th><\/tr>(<tr><td><\/td><td><\/td><td><\/td><\/tr>){2}<\/tbody><\/table>/);
      // Undo steps back through the table and then into the first editor's own change.
      next.dispatchCommand(UNDO_COMMAND, undefined);
      expect(next.read(() => $bodyHtml())).toBe("<p>처음</p><p>둘째</p><p>셋째</p>");
      next.dispatchCommand(UNDO_COMMAND, undefined);
      expect(next.read(() => $bodyHtml())).toBe("<p>처음</p><p>둘째</p>");
    } finally {
      next.dispose();
    }
  });
});
