// Moving a block: dragged by the handle that shows beside the block under the pointer, or
// from the keyboard with Alt+Shift+↑ and Alt+Shift+↓ (the caret's block, or the selected
// image or block), which a screen reader announces.
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { DraggableBlockPlugin_EXPERIMENTAL } from "@lexical/react/LexicalDraggableBlockPlugin";
import { $getSelection, $isNodeSelection, $isRangeSelection, COMMAND_PRIORITY_LOW, KEY_DOWN_COMMAND, type LexicalNode } from "lexical";
import { useEffect, useRef, useState } from "react";
import { useEditorTexts } from "./texts";

/** The top-level block the selection is in. */
function $selectedBlock(): LexicalNode | null {
  const selection = $getSelection();
  const node = $isRangeSelection(selection) ? selection.anchor.getNode() : $isNodeSelection(selection) ? (selection.getNodes()[0] ?? null) : null;
  if (!node || node.getKey() === "root") return null;
  return node.getTopLevelElement() ?? (node.getParent()?.getKey() === "root" ? node : null);
}

function KeyboardMove({ onMoved }: { onMoved: (text: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const tx = useEditorTexts();
  useEffect(
    () =>
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event: KeyboardEvent) => {
          if (!event.altKey || !event.shiftKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return false;
          const up = event.key === "ArrowUp";
          // Command listeners run inside the editor's update: the block moves here and now.
          const block = $selectedBlock();
          const other = up ? block?.getPreviousSibling() : block?.getNextSibling();
          if (!block || !other) return false;
          if (up) other.insertBefore(block);
          else other.insertAfter(block);
          event.preventDefault();
          onMoved(up ? tx.moveUp : tx.moveDown);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, onMoved, tx],
  );
  return null;
}

export function BlockMove({ anchor }: { anchor: HTMLElement | null }) {
  const tx = useEditorTexts();
  const menu = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState("");
  return (
    <>
      <KeyboardMove onMoved={setSaid} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {anchor ? (
        <DraggableBlockPlugin_EXPERIMENTAL
          anchorElem={anchor}
          menuRef={menu}
          targetLineRef={line}
          menuComponent={
            <div ref={menu} className="ed-drag-handle" title={tx.dragHandle} aria-hidden="true">
              <svg width="14" height="20" viewBox="0 0 14 20" fill="currentColor">
                <circle cx="4" cy="4" r="1.6" />
                <circle cx="10" cy="4" r="1.6" />
                <circle cx="4" cy="10" r="1.6" />
                <circle cx="10" cy="10" r="1.6" />
                <circle cx="4" cy="16" r="1.6" />
                <circle cx="10" cy="16" r="1.6" />
              </svg>
            </div>
          }
          targetLineComponent={<div ref={line} className="ed-drag-line" />}
          isOnMenu={(element) => Boolean(element.closest(".ed-drag-handle"))}
        />
      ) : null}
    </>
  );
}
