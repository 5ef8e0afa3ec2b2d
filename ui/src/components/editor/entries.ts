// Every block the insert menu and the toolbar's list offer: its names in both languages, more
// words it is found by, and what choosing it does.
import { $createCodeNode } from "@lexical/code";
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from "@lexical/list";
import { $createHeadingNode, $createQuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $getSelection, $isRangeSelection, type ElementNode, type LexicalEditor } from "lexical";
import { $createBlockNode } from "./BlockNode";
import { $createCalloutNode } from "./CalloutNode";
import { $insertBlock, ASK_BLOCK, ASK_IMAGE, ASK_TABLE } from "./commands";

/** One block of the menu: its names in both languages, more words it is found by, and what
 * choosing it does. */
export interface Entry {
  key: string;
  ko: string;
  en: string;
  words: string;
  run: (editor: LexicalEditor) => void;
}

function setBlock(make: () => ElementNode) {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) $setBlocksType(selection, make);
}

/** Every block the menu offers, in its order. */
export const ENTRIES: Entry[] = [
  { key: "h2", ko: "제목 2", en: "Heading 2", words: "h2 heading title 큰제목", run: (editor) => editor.update(() => setBlock(() => $createHeadingNode("h2"))) },
  { key: "h3", ko: "제목 3", en: "Heading 3", words: "h3 heading subtitle 소제목", run: (editor) => editor.update(() => setBlock(() => $createHeadingNode("h3"))) },
  { key: "quote", ko: "인용", en: "Quote", words: "quote blockquote 인용문", run: (editor) => editor.update(() => setBlock(() => $createQuoteNode())) },
  { key: "bullet", ko: "글머리 기호 목록", en: "Bulleted list", words: "list bullet ul 목록", run: (editor) => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined) },
  { key: "number", ko: "번호 목록", en: "Numbered list", words: "list number ol 목록", run: (editor) => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined) },
  { key: "divider", ko: "구분선", en: "Divider", words: "divider line hr rule 선", run: (editor) => editor.update(() => void $insertBlock($createBlockNode({ kind: "divider", style: "line" }))) },
  { key: "divider-dots", ko: "구분선 (점 세 개)", en: "Divider (three dots)", words: "divider dots 점", run: (editor) => editor.update(() => void $insertBlock($createBlockNode({ kind: "divider", style: "dots" }))) },
  { key: "divider-short", ko: "구분선 (짧은 선)", en: "Divider (short line)", words: "divider short 짧은", run: (editor) => editor.update(() => void $insertBlock($createBlockNode({ kind: "divider", style: "short" }))) },
  { key: "code", ko: "코드", en: "Code", words: "code pre program 코드블록", run: (editor) => editor.update(() => setBlock(() => $createCodeNode("plain"))) },
  { key: "callout", ko: "강조 상자", en: "Callout", words: "callout note tip 콜아웃 알림", run: (editor) => editor.update(() => setBlock(() => $createCalloutNode())) },
  { key: "image", ko: "이미지", en: "Image", words: "image picture photo 사진 그림", run: (editor) => editor.dispatchCommand(ASK_IMAGE, undefined) },
  { key: "gallery", ko: "갤러리", en: "Gallery", words: "gallery images photos 사진 여러", run: (editor) => editor.dispatchCommand(ASK_BLOCK, { make: "gallery" }) },
  { key: "video", ko: "동영상", en: "Video", words: "video youtube vimeo naver 유튜브 영상 네이버", run: (editor) => editor.dispatchCommand(ASK_BLOCK, { make: "video" }) },
  { key: "card", ko: "링크 카드", en: "Link card", words: "link card bookmark embed 링크", run: (editor) => editor.dispatchCommand(ASK_BLOCK, { make: "linkCard" }) },
  { key: "file", ko: "파일 (PDF)", en: "File (PDF)", words: "file pdf attachment 첨부 브로슈어", run: (editor) => editor.dispatchCommand(ASK_BLOCK, { make: "file" }) },
  { key: "table", ko: "표", en: "Table", words: "table grid 테이블", run: (editor) => editor.dispatchCommand(ASK_TABLE, undefined) },
];

/** The entries a query (what follows the slash) names: each whose names or words hold it,
 * spaces and case aside. */
export function entriesFor(query: string): Entry[] {
  const wanted = query.replace(/\s+/g, "").toLowerCase();
  if (!wanted) return ENTRIES;
  return ENTRIES.filter((entry) => `${entry.ko} ${entry.en} ${entry.words}`.replace(/\s+/g, "").toLowerCase().includes(wanted));
}
