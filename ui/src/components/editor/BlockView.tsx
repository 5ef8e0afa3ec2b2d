// How a one-piece block shows inside the editor: as readers will see it (the body's block
// styles), with its tools: a divider's style, a video's or a gallery's caption and alt texts,
// removal. A video shows its thumbnail only: the player loads on the post page, on a click.
import { Suspense, lazy, useState } from "react";
import { blockChoices, galleryRows } from "./choices";
import type { BlockData, Picture } from "./blocks";
import { useEditorTexts } from "./texts";

const LazyBlockDialog = lazy(() => import("./BlockDialog").then((module) => ({ default: module.BlockDialog })));

interface Props {
  block: BlockData;
  onChange: (next: BlockData) => void;
  onRemove: () => void;
}

function Img({ picture }: { picture: Picture }) {
  return <img src={picture.src} alt={picture.alt} width={picture.width ?? undefined} height={picture.height ?? undefined} />;
}

function Shown({ block }: { block: BlockData }) {
  const tx = useEditorTexts();
  switch (block.kind) {
    case "divider": {
      const className = blockChoices().dividers.find((choice) => choice.word === block.style)?.className ?? undefined;
      return <hr className={className} />;
    }
    case "video":
      return (
        <figure className="video">
          {block.thumbnail ? <Img picture={block.thumbnail} /> : null}
          <span className="video-play" aria-hidden="true">
            <span className="video-play-icon" />
            <span className="video-play-title">{block.title || tx.videoUntitled}</span>
          </span>
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case "linkCard":
      return (
        <figure className="link-card">
          <a href={block.url} onClick={(event) => event.preventDefault()} tabIndex={-1}>
            {block.image ? <Img picture={block.image} /> : null}
            <span className="link-card-title">{block.title}</span>
            {block.text ? <span className="link-card-text">{block.text}</span> : null}
            <span className="link-card-site">{block.site}</span>
          </a>
        </figure>
      );
    case "file":
      return (
        <figure className="file">
          <a href={block.href} target="_blank" rel="noopener">
            {block.name}
          </a>
        </figure>
      );
    case "gallery": {
      let at = 0;
      return (
        <figure className="gallery">
          {galleryRows(block.images.length).map((count) => {
            const row = block.images.slice(at, at + count);
            at += count;
            return (
              <div className="gallery-row" key={at}>
                {row.map((picture, index) => (
                  <Img picture={picture} key={picture.src + index} />
                ))}
              </div>
            );
          })}
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    }
  }
}

export function BlockView({ block, onChange, onRemove }: Props) {
  const tx = useEditorTexts();
  const [editing, setEditing] = useState(false);
  const name = { divider: tx.blockDivider, video: tx.blockVideo, linkCard: tx.blockCard, file: tx.blockFile, gallery: tx.blockGallery }[block.kind];
  return (
    <div className="ed-block-piece" data-block={block.kind}>
      <Shown block={block} />
      <div className="ed-figure-actions">
        {block.kind === "divider" ? (
          <label className="ed-divider-style">
            <span className="visually-hidden">{tx.dividerStyle}</span>
            <select value={block.style} onChange={(event) => onChange({ ...block, style: event.target.value })}>
              {blockChoices().dividers.map((choice) => (
                <option key={choice.word} value={choice.word}>
                  {{ line: tx.dividerLine, dots: tx.dividerDots, short: tx.dividerShort }[choice.word] ?? choice.word}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {block.kind === "video" || block.kind === "gallery" ? (
          <button type="button" className="button button-small" onClick={() => setEditing(true)}>
            {tx.blockEdit}
          </button>
        ) : null}
        <button type="button" className="button button-small" aria-label={`${tx.blockRemove}: ${name}`} onClick={onRemove}>
          {tx.blockRemove}
        </button>
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <LazyBlockDialog
            ask={{ edit: block }}
            onClose={() => setEditing(false)}
            onDone={(next) => {
              onChange(next);
              setEditing(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
