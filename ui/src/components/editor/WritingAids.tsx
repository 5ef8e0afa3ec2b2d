// What helps a writer once they start: the "/" insert menu, the Markdown shortcuts, moving
// blocks, pasted links made blocks. Loaded when the editing surface is first focused or
// pointed at (its own chunk: the writing page's first load does not carry it).
import { BlockMove } from "./BlockMove";
import { InsertMenu } from "./InsertMenu";
import { LinkPaste } from "./LinkPaste";
import { Shortcuts } from "./Shortcuts";

export default function WritingAids({ surface }: { surface: HTMLElement | null }) {
  return (
    <>
      <LinkPaste />
      <InsertMenu />
      <Shortcuts />
      <BlockMove anchor={surface} />
    </>
  );
}
