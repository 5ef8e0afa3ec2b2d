import type { Range } from "../api";

export type Piece = { text: string; marked: boolean };

/** Cuts a text at the server's highlight ranges (UTF-16 `[start, end)`). The ranges come
 * sorted and merged; they are still clamped, ordered and overlaps skipped, so a stale or odd
 * answer can only mark less, never break the text. */
export function highlightPieces(text: string, ranges: readonly Range[]): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  const ordered = [...ranges].sort((a, b) => a[0] - b[0]);
  for (const [rawStart, rawEnd] of ordered) {
    const start = Math.max(at, Math.min(text.length, Math.trunc(rawStart)));
    const end = Math.min(text.length, Math.trunc(rawEnd));
    if (!(end > start)) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

/** A text with its matches in `<mark>`: only strings and elements, never markup. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  return (
    <>
      {highlightPieces(text, ranges).map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : piece.text))}
    </>
  );
}
