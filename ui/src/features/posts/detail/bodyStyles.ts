// The body's own stylesheet, inside its shadow root (SPEC §3: "its own styles for images,
// tables, quotes and figures"): nothing of the page's CSS reaches the body, and nothing of
// the body reaches the page. The page's colour variables still inherit through the host.
export const BODY_STYLES = `
:host {
  display: block;
  color: var(--ink, #14213d);
  font-size: 1.0625rem;
  line-height: 1.8;
  word-break: keep-all;
  overflow-wrap: anywhere;
}
.body > :first-child { margin-top: 0; }
.body > :last-child { margin-bottom: 0; }
p { margin: 0 0 1.1em; }
h2, h3, h4 { line-height: 1.35; letter-spacing: -0.01em; margin: 1.8em 0 0.6em; }
h2 { font-size: 1.45em; }
h3 { font-size: 1.2em; }
h4 { font-size: 1.05em; }
a { color: var(--tide, #0b5cad); text-decoration: underline; text-underline-offset: 0.15em; }
a:hover { color: var(--tide-dark, #084682); }
a:focus-visible { outline: 3px solid var(--tide, #0b5cad); outline-offset: 2px; border-radius: 4px; }
strong, b { font-weight: 700; }
mark { background: #fff1a8; color: inherit; padding: 0 0.1em; }
img { max-width: 100%; height: auto; vertical-align: middle; border-radius: 6px; }
/* Only coupon images are clickable; the others are pictures, nothing more. */
img:not(.coupon) { pointer-events: none; }
a.coupon-link { display: inline-block; max-width: 100%; border-radius: 10px; line-height: 0; }
a.coupon-link img { cursor: pointer; border-radius: 10px; box-shadow: 0 2px 10px rgba(20, 33, 61, 0.18); }
a.coupon-link:hover img { filter: brightness(0.96); }
a.coupon-link:focus-visible { outline-offset: 4px; }
figure { margin: 1.75em 0; }
figure img { display: block; margin: 0 auto; }
figcaption { margin-top: 0.6em; font-size: 0.875em; line-height: 1.5; color: var(--ink-soft, #4a5568); text-align: center; }
blockquote {
  margin: 1.75em 0;
  padding: 0.75em 1.25em;
  border-left: 4px solid var(--tide, #0b5cad);
  background: var(--wash, #f4f6fb);
  border-radius: 0 8px 8px 0;
  font-size: 1.05em;
}
blockquote > :last-child { margin-bottom: 0; }
q { quotes: "\\201C" "\\201D" "\\2018" "\\2019"; }
cite { font-style: normal; color: var(--ink-soft, #4a5568); }
ul, ol { margin: 0 0 1.1em; padding-left: 1.5em; }
li + li { margin-top: 0.35em; }
li > ul, li > ol { margin: 0.35em 0 0; }
hr { border: 0; border-top: 1px solid var(--line, #dde3ee); margin: 2.25em 0; }
code {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.88em;
  background: var(--wash, #f4f6fb);
  border: 1px solid var(--line, #dde3ee);
  border-radius: 4px;
  padding: 0.1em 0.35em;
}
pre {
  margin: 1.5em 0;
  padding: 1em 1.25em;
  background: var(--wash, #f4f6fb);
  border: 1px solid var(--line, #dde3ee);
  border-radius: 8px;
  font-size: 0.9em;
  line-height: 1.6;
  white-space: pre-wrap;
}
pre code { background: none; border: 0; padding: 0; font-size: 1em; }
.table-scroll { margin: 1.5em 0; overflow-x: auto; border-radius: 8px; }
.table-scroll:focus-visible { outline: 3px solid var(--tide, #0b5cad); outline-offset: 2px; }
table { border-collapse: collapse; min-width: 100%; font-size: 0.95em; line-height: 1.5; }
caption { caption-side: top; text-align: left; font-weight: 700; padding: 0 0 0.5em; }
th, td {
  border: 1px solid var(--line, #dde3ee);
  padding: 0.55em 0.8em;
  text-align: left;
  vertical-align: top;
  min-width: 5em;
  overflow-wrap: normal;
}
thead th, tfoot td { background: var(--wash, #f4f6fb); }
th { font-weight: 700; }
`;
