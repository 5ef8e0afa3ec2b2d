// How an image shows inside the editor: the figure as readers will see it, with buttons to
// edit its text and coupon link or to remove it.
import { Suspense, useState } from "react";
import { LazyImageDialog } from "./lazyImageDialog";
import type { ImageData } from "./image";
import { useEditorTexts } from "./texts";

export function ImageView({ data, onChange, onRemove }: { data: ImageData; onChange: (next: Partial<ImageData>) => void; onRemove: () => void }) {
  const tx = useEditorTexts();
  const [editing, setEditing] = useState(false);
  return (
    <figure className="ed-figure">
      <img src={data.src} alt={data.alt} width={data.width ?? undefined} height={data.height ?? undefined} />
      {data.caption ? <figcaption>{data.caption}</figcaption> : null}
      <div className="ed-figure-actions">
        {data.coupon ? <span className="ed-coupon-badge">{tx.couponBadge}</span> : null}
        <button type="button" className="button button-small" onClick={() => setEditing(true)}>
          {tx.imageEdit}
        </button>
        <button type="button" className="button button-small" onClick={onRemove}>
          {tx.imageRemove}
        </button>
      </div>
      {editing ? (
        <Suspense fallback={null}>
        <LazyImageDialog
          initial={data}
          onClose={() => setEditing(false)}
          onDone={(next) => {
            onChange(next);
            setEditing(false);
          }}
        />
        </Suspense>
      ) : null}
    </figure>
  );
}
