import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import "./image-viewer.css";

/** A body image shown large: the picture and its description. */
export interface Viewed {
  src: string;
  alt: string;
}

/** A body's image shown large in a modal dialog: its alt text as its name and caption, Escape,
 * the close button or a click beside the picture closes it, and the focus goes back to the
 * image's button. */
export function ImageViewer({ image, closeLabel, onClose }: { image: Viewed; closeLabel: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return createPortal(
    <dialog
      ref={dialog}
      className="image-viewer"
      aria-label={image.alt}
      onClose={onClose}
      onCancel={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <figure>
        <img src={image.src} alt={image.alt} />
        {image.alt ? <figcaption>{image.alt}</figcaption> : null}
      </figure>
      <button type="button" className="image-viewer-close" onClick={onClose} autoFocus>
        {closeLabel}
      </button>
    </dialog>,
    document.body,
  );
}
