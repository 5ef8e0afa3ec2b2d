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

/** Takes the slash and the query typed after it out of the line the menu was opened on: from
 * the last "/" before the caret to the caret, wherever the line's text nodes split them; the
 * caret stays there. Answers the query. Without a caret in the text, the node the menu split
 * off (the slash and `matching`) goes. */
function $takeQuery(typed: TextNode | null, matching: string): string {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || !selection.isCollapsed() || selection.anchor.type !== "text") {
    typed?.remove();
    return matching;
  }
  const anchor = selection.anchor.getNode();
  const line = anchor.getTopLevelElement();
  if (!line) return matching;
  // The line's text up to the caret, node by node.
  const nodes = line.getAllTextNodes();
  let before = "";
  const spans: { node: TextNode; start: number }[] = [];
  for (const node of nodes) {
    spans.push({ node, start: before.length });
    if (node.is(anchor)) {
      before += node.getTextContent().slice(0, selection.anchor.offset);
      break;
    }
    before += node.getTextContent();
  }
  const slash = before.lastIndexOf("/");
  if (slash < 0) return matching;
  const query = before.slice(slash + 1);
  let caret: { node: TextNode; offset: number } | null = null;
  for (const { node, start } of spans) {
    const end = start + (node.is(anchor) ? selection.anchor.offset : node.getTextContentSize());
    if (end <= slash) continue;
    const from = Math.max(slash - start, 0);
    node.spliceText(from, end - start - from, "");
    caret ??= { node, offset: from };
  }
  if (caret && caret.node.isAttached()) caret.node.select(caret.offset, caret.offset);
  else line.selectEnd();
  return query;
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

  // Called inside the menu's own update. The query is read from the line itself (typing may
  // have run ahead of the list shown, and of the menu's own idea of the query): the slash and
  // what follows it up to the caret go, then the block that query names comes (the one chosen
  // when it still matches, else the first that does).
  const choose = (option: Choice, typed: TextNode | null, close: () => void, matching: string) => {
    const query = $takeQuery(typed, matching);
    const found = entriesFor(query);
    const entry = found.find((candidate) => candidate.key === option.key) ?? found[0];
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
