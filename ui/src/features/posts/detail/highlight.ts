// A post's code blocks highlighted, loaded only for a body that has one (its own chunk: the
// post page's first load does not carry it). Prism tokenises each block's text; the tokens
// become spans made with the DOM's own calls, so no markup string is written anywhere (the
// page's Trusted Types policy allows none here).
import "./prismSetup";
// Prism with markup, CSS, the C-like base and JavaScript; the other languages after it.
import Prism from "prismjs";
import "prismjs/components/prism-markup-templating";
import "prismjs/components/prism-typescript";
import "prismjs/components/prism-c";
import "prismjs/components/prism-cpp";
import "prismjs/components/prism-csharp";
import "prismjs/components/prism-java";
import "prismjs/components/prism-kotlin";
import "prismjs/components/prism-swift";
import "prismjs/components/prism-go";
import "prismjs/components/prism-rust";
import "prismjs/components/prism-python";
import "prismjs/components/prism-sql";
import "prismjs/components/prism-bash";
import "prismjs/components/prism-json";
import "prismjs/components/prism-yaml";
import "prismjs/components/prism-markdown";
import "prismjs/components/prism-php";

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

/** Highlights every `<code class="language-…">` under `root` whose language Prism knows. */
export function highlight(root: ParentNode): void {
  for (const code of Array.from(root.querySelectorAll<HTMLElement>('code[class*="language-"]'))) {
    const word = Array.from(code.classList).find((name) => name.startsWith("language-"))?.slice("language-".length) ?? "plain";
    const grammar = Prism.languages[GRAMMARS[word] ?? word];
    if (!grammar || code.dataset.highlighted) continue;
    const text = code.textContent ?? "";
    code.replaceChildren();
    append(code, Prism.tokenize(text, grammar));
    code.dataset.highlighted = "true";
  }
}
