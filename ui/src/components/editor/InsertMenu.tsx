// "/" opens the insert menu where the caret is: every block by its name in the page's
// language, narrowed as the writer types after the slash (Korean or English names both find
// it: `/코드`, `/code`), chosen with the arrow keys and Enter, closed with Escape. The slash
// and what followed it go when a block is chosen.
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { LexicalTypeaheadMenuPlugin, MenuOption, useBasicTypeaheadTriggerMatch } from "@lexical/react/LexicalTypeaheadMenuPlugin";
import { $getSelection, $isRangeSelection, type TextNode } from "lexical";
import { useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { useI18n } from "../../lib/i18n";
import { entriesFor, type Entry } from "./entries";
import { useEditorTexts } from "./texts";

/** Removes the last "/" + `query` of the line the menu was opened on (wherever its text nodes
 * split it) and leaves the caret where it was. */
function $removeQuery(typed: TextNode | null, query: string): void {
  const selection = $getSelection();
  const from = typed ?? ($isRangeSelection(selection) ? selection.anchor.getNode() : null);
  const line = from?.getTopLevelElement();
  if (!line) return;
  const nodes = line.getAllTextNodes();
  const text = nodes.map((node) => node.getTextContent()).join("");
  const target = `/${query}`;
  const at = text.lastIndexOf(target);
  if (at < 0) {
    typed?.remove();
    return;
  }
  let start = 0;
  let left = target.length;
  let caret: { node: TextNode; offset: number } | null = null;
  for (const node of nodes) {
    const length = node.getTextContentSize();
    const end = start + length;
    if (left > 0 && end > at) {
      const from = Math.max(at - start, 0);
      const count = Math.min(length - from, left);
      node.spliceText(from, count, "");
      left -= count;
      caret ??= { node, offset: from };
    }
    start = end;
  }
  if (caret && caret.node.isAttached()) caret.node.select(caret.offset, caret.offset);
  else line.selectEnd();
}

class Choice extends MenuOption {
  entry: Entry;
  constructor(entry: Entry) {
    super(entry.key);
    this.entry = entry;
  }
}

export function InsertMenu() {
  const [editor] = useLexicalComposerContext();
  const tx = useEditorTexts();
  const { lang } = useI18n();
  const [query, setQuery] = useState<string | null>(null);
  // Korean and Hangul typed after the slash count, and a space ends nothing (`/제목 2`).
  const trigger = useBasicTypeaheadTriggerMatch("/", { minLength: 0, maxLength: 20, allowWhitespace: true });
  const options = useMemo(() => entriesFor(query ?? "").map((entry) => new Choice(entry)), [query]);

  // Called inside the menu's own update, with the query as it stands when the writer chose
  // (typing may have run ahead of the list shown): the slash and the query go, then the block
  // the query names comes (the one chosen when it still matches, else the first that does).
  const choose = (option: Choice, typed: TextNode | null, close: () => void, matching: string) => {
    const found = entriesFor(matching);
    const entry = found.find((candidate) => candidate.key === option.key) ?? found[0];
    $removeQuery(typed, matching);
    close();
    if (entry) entry.run(editor);
  };

  return (
    <LexicalTypeaheadMenuPlugin<Choice>
      onQueryChange={setQuery}
      onSelectOption={choose}
      triggerFn={trigger}
      options={options}
      menuRenderFn={(anchor, { selectedIndex, selectOptionAndCleanUp, setHighlightedIndex }) =>
        anchor.current
          ? createPortal(
              <div className="ed-insert-menu">
                {options.length === 0 ? (
                  <p className="ed-insert-empty" role="status">
                    {tx.insertMenuEmpty}
                  </p>
                ) : (
                  <ul role="listbox" aria-label={tx.insertMenu} id="ed-insert-menu">
                    {options.map((option, index) => (
                      <li
                        key={option.key}
                        id={`ed-insert-${option.key}`}
                        ref={(element) => option.setRefElement(element)}
                        role="option"
                        aria-selected={selectedIndex === index}
                        className={selectedIndex === index ? "selected" : undefined}
                        onMouseEnter={() => setHighlightedIndex(index)}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => selectOptionAndCleanUp(option)}
                      >
                        {lang === "ko" ? option.entry.ko : option.entry.en}
                      </li>
                    ))}
                  </ul>
                )}
              </div>,
              anchor.current,
            )
          : null
      }
    />
  );
}
