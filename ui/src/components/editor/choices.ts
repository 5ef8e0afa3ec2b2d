// The choices each block offers and a gallery's rows, as the core lists them
// (core-wasm/src/blocks.rs, written out as core-wasm/blocks.json and checked by its tests): data
// the editor reads, rather than functions of the browser's core module, which every page loads.
import BLOCKS from "../../../../core-wasm/blocks.json";

/** One choice of a block. */
export interface BlockChoice {
  word: string;
  /** The class a block of this choice is written with; null for none. */
  className: string | null;
  /** What the editor shows: a language's name, an icon's symbol, else the word. */
  shown: string;
}

export interface BlockChoices {
  dividers: BlockChoice[];
  codeLanguages: BlockChoice[];
  calloutColours: BlockChoice[];
  calloutIcons: BlockChoice[];
  galleryMin: number;
  galleryMax: number;
}

/** The choices the body's blocks offer, with the class the body writes for each (the server's
 * sanitiser keeps exactly these). */
export function blockChoices(): BlockChoices {
  return BLOCKS;
}

/** How a gallery of `count` images is laid out: the images of each row (`[3, 2]` for five);
 * empty outside 2 to 9 images. */
export function galleryRows(count: number): number[] {
  return (BLOCKS.galleryRows as Record<string, number[]>)[String(count)] ?? [];
}
