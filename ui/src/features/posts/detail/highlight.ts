// A post's code blocks highlighted, loaded only for a body that has one (its own chunk: the
// post page's first load does not carry it). Prism tokenises each block's text; the tokens
// become spans made with the DOM's own calls, so no markup string is written anywhere (the
// page's Trusted Types policy allows none here).
import "./prismSetup";
// Prism with markup, CSS, the C-like base and JavaScript; any other language's grammar is
// loaded when a block names it (each its own small chunk).
import Prism from "prismjs";

/** The grammars beyond Prism's own, each loaded with what it builds on. */
const GRAMMAR_LOADERS: Record<string, () => Promise<unknown>> = {
  typescript: () => import("prismjs/components/prism-typescript"),
  c: () => import("prismjs/components/prism-c"),
  cpp: () => import("prismjs/components/prism-c").then(() => import("prismjs/components/prism-cpp")),
  csharp: () => import("prismjs/components/prism-csharp"),
  java: () => import("prismjs/components/prism-java"),
  kotlin: () => import("prismjs/components/prism-kotlin"),
  swift: () => import("prismjs/components/prism-swift"),
  go: () => import("prismjs/components/prism-go"),
  rust: () => import("prismjs/components/prism-rust"),
  python: () => import("prismjs/components/prism-python"),
  sql: () => import("prismjs/components/prism-sql"),
  bash: () => import("prismjs/components/prism-bash"),
  json: () => import("prismjs/components/prism-json"),
  yaml: () => import("prismjs/components/prism-yaml"),
  markdown: () => import("prismjs/components/prism-markdown"),
  php: () => import("prismjs/components/prism-markup-templating").then(() => import("prismjs/components/prism-php")),
};

/** The core's language words (`blockChoices().codeLanguages`) as Prism names them. */
const GRAMMARS: Record<string, string> = { html: "markup" };

function append(parent: Node, stream: Prism.TokenStream): void {
  const document = parent.ownerDocument ?? window.document;
  if (typeof stream === "string") {
    parent.appendChild(document.createTextNode(stream));
    return;
  }
  if (Array.isArray(stream)) {
    for (const part of stream) append(parent, part);
    return;
  }
  const span = document.createElement("span");
  const aliases = Array.isArray(stream.alias) ? stream.alias : stream.alias ? [stream.alias] : [];
  span.className = ["token", stream.type, ...aliases].join(" ");
  append(span, stream.content);
  parent.appendChild(span);
}

/** The language word a code block's class names. */
const wordOf = (code: Element) => Array.from(code.classList).find((name) => name.startsWith("language-"))?.slice("language-".length) ?? "plain";

/** Highlights every `<code class="language-…">` under `root` whose language Prism knows,
 * once the grammars they name are loaded. */
export async function highlight(root: ParentNode): Promise<void> {
  const codes = Array.from(root.querySelectorAll<HTMLElement>('code[class*="language-"]'));
  const words = new Set(codes.map(wordOf));
  await Promise.all([...words].map((word) => GRAMMAR_LOADERS[word]?.().catch(() => undefined)));
  for (const code of codes) {
    const word = wordOf(code);
    const grammar = Prism.languages[GRAMMARS[word] ?? word];
    if (!grammar || code.dataset.highlighted) continue;
    const text = code.textContent ?? "";
    code.replaceChildren();
    append(code, Prism.tokenize(text, grammar));
    code.dataset.highlighted = "true";
  }
}
