import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "wouter";
import { postPreviewQuery } from "../../../lib/posts";
import { useSampleTexts } from "./texts";
import { Loading, LoadFailed } from "../../../lib/status";

/** Images the library shows. */
const LIBRARY_SIZE = 24;

interface LibraryImage {
  url: string;
  title: string;
  postSeq: number;
  business: string;
}

/** /sample/unsplash: an image picker. The Unsplash API needs a key and the server has no
 * setting for one, so the library is the platform's own media: the cover images of the latest
 * posts (the server has no uploads listing). */
export function ImagePicker() {
  const tx = useSampleTexts();
  const latest = useQuery(postPreviewQuery({ kind: "latest" }, LIBRARY_SIZE));
  const images = useMemo(() => {
    const seen = new Set<string>();
    const library: LibraryImage[] = [];
    for (const card of latest.data?.items ?? []) {
      if (!card.coverUrl || seen.has(card.coverUrl)) continue;
      seen.add(card.coverUrl);
      library.push({ url: card.coverUrl, title: card.title, postSeq: card.postSeq, business: card.business.name });
    }
    return library;
  }, [latest.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const picked = images.find((image) => image.url === chosen) ?? null;

  return (
    <article className="sample-body">
      <h1>{tx.pickerTitle}</h1>
      <p className="sample-notice" role="note">
        {tx.pickerNoKey}
      </p>
      {latest.isPending ? (
        <Loading />
      ) : latest.isError ? (
        <LoadFailed />
      ) : images.length === 0 ? (
        <p className="empty-state">{tx.pickerEmpty}</p>
      ) : (
        <div className="picker">
          <section className="picker-library" aria-labelledby="picker-library-title">
            <h2 id="picker-library-title">{tx.pickerLibrary}</h2>
            <p id="picker-help" className="picker-help">
              {tx.pickerHelp}
            </p>
            <ImageGrid images={images} chosen={chosen} onChoose={setChosen} />
          </section>
          <section className="picker-preview" aria-labelledby="picker-preview-title">
            <h2 id="picker-preview-title">{tx.pickerPreview}</h2>
            {picked ? (
              <figure>
                <img src={picked.url} alt={`${tx.pickerCoverOf}${picked.title}`} />
                <figcaption>
                  <span className="picker-label">{tx.pickerChosen}</span>
                  <Link href={`/post/${picked.postSeq}`} data-testid="picker-chosen">
                    {picked.title}
                  </Link>
                  <span className="picker-source">{picked.business}</span>
                </figcaption>
              </figure>
            ) : (
              <p className="picker-empty">{tx.pickerNone}</p>
            )}
          </section>
        </div>
      )}
    </article>
  );
}

/** The images as a radio group laid out in a grid: one tab stop, the arrow keys move and
 * choose in two dimensions (up and down by a row of the current layout), Home and End. */
function ImageGrid({ images, chosen, onChoose }: { images: LibraryImage[]; chosen: string | null; onChoose: (url: string) => void }) {
  const tx = useSampleTexts();
  const grid = useRef<HTMLDivElement>(null);
  const chosenIndex = images.findIndex((image) => image.url === chosen);
  const focusable = chosenIndex >= 0 ? chosenIndex : 0;

  const columns = () => {
    const element = grid.current;
    if (!element) return 1;
    const template = getComputedStyle(element).gridTemplateColumns;
    return Math.max(1, template.split(" ").filter(Boolean).length);
  };

  const move = (to: number) => {
    const index = Math.min(images.length - 1, Math.max(0, to));
    onChoose(images[index].url);
    grid.current?.querySelectorAll<HTMLButtonElement>("[role=radio]")[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = chosenIndex >= 0 ? chosenIndex : 0;
    const steps: Record<string, number> = {
      ArrowLeft: from - 1,
      ArrowRight: from + 1,
      ArrowUp: from - columns(),
      ArrowDown: from + columns(),
      Home: 0,
      End: images.length - 1,
    };
    if (!(event.key in steps)) return;
    event.preventDefault();
    move(steps[event.key]);
  };

  return (
    <div ref={grid} className="picker-grid" role="radiogroup" aria-labelledby="picker-library-title" aria-describedby="picker-help" onKeyDown={onKeyDown}>
      {images.map((image, index) => (
        <button
          key={image.url}
          type="button"
          role="radio"
          aria-checked={image.url === chosen}
          tabIndex={index === focusable ? 0 : -1}
          className="picker-item"
          onClick={() => onChoose(image.url)}
        >
          <img src={image.url} alt={`${tx.pickerCoverOf}${image.title}`} loading="lazy" width={320} height={180} />
        </button>
      ))}
    </div>
  );
}
