// The image's form, in a modal dialog: a file to upload (when inserting), the alt text
// (required: the image is read out to those who cannot see it), a caption, and the coupon
// flag with its link.
import { useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { FilePick, FormAlert, TextField } from "../form";
import { safeLink } from "../../lib/core";
import { uploadFile } from "../../lib/upload";
import { useModalDialog } from "./dialog";
import type { ImageData } from "./image";
import { fill, useEditorTexts } from "./texts";

interface Props {
  /** The image edited; none when a new one is inserted (then a file is asked for). */
  initial?: ImageData;
  onDone: (data: ImageData) => void;
  onClose: () => void;
}

export function ImageDialog({ initial, onDone, onClose }: Props) {
  const tx = useEditorTexts();
  const dialog = useModalDialog();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(initial?.alt ?? "");
  const [caption, setCaption] = useState(initial?.caption ?? "");
  const [coupon, setCoupon] = useState(initial?.coupon ?? false);
  const [href, setHref] = useState(initial?.href ?? "");
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const link = coupon ? safeLink(href) : undefined;
    const found = {
      file: !initial && !file ? tx.imageFileRequired : undefined,
      alt: alt.trim() ? undefined : tx.imageAltRequired,
      href: coupon && !(link && /^https?:/i.test(link)) ? tx.imageCouponLinkRequired : undefined,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    let base = initial;
    if (!base && file) {
      setBusy(true);
      try {
        const upload = await uploadFile(file, "body");
        base = { src: upload.url, alt: "", caption: "", width: upload.width, height: upload.height, coupon: false, href: null };
      } catch (error) {
        setProblems({ form: fill(tx.imageUploadFailed, { reason: error instanceof Error ? error.message : String(error) }) });
        return;
      } finally {
        setBusy(false);
      }
    }
    if (!base) return;
    onDone({ ...base, alt: alt.trim(), caption: caption.trim(), coupon, href: coupon ? (link ?? null) : null });
  }

  // In the document's body: events inside the dialog must not reach the editing surface.
  return createPortal(
    <dialog ref={dialog} className="ed-dialog" aria-labelledby="ed-image-title" onClose={onClose} onCancel={onClose}>
      <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id="ed-image-title">{tx.imageDialog}</h2>
        {initial ? (
          <img className="ed-dialog-preview" src={initial.src} alt="" />
        ) : (
          <div className="form-field">
            <label htmlFor="ed-image-file">{tx.imageFile}</label>
            <FilePick
              id="ed-image-file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              aria-invalid={problems.file ? true : undefined}
              aria-describedby={problems.file ? "ed-image-file-problem" : undefined}
              onFiles={(files) => setFile(files?.[0] ?? null)}
            />
            {problems.file ? (
              <p id="ed-image-file-problem" className="form-problem">
                {problems.file}
              </p>
            ) : null}
          </div>
        )}
        <TextField id="ed-image-alt" label={tx.imageAlt} value={alt} onChange={setAlt} maxLength={300} required hint={tx.imageAltHint} problem={problems.alt} autoComplete="off" />
        <TextField id="ed-image-caption" label={tx.imageCaption} value={caption} onChange={setCaption} maxLength={300} autoComplete="off" />
        <label className="form-check">
          <input type="checkbox" checked={coupon} onChange={(event) => setCoupon(event.target.checked)} />
          <span>{tx.imageCoupon}</span>
        </label>
        {coupon ? <TextField id="ed-image-href" label={tx.imageCouponLink} type="url" inputMode="url" value={href} onChange={setHref} problem={problems.href} autoComplete="off" /> : null}
        <FormAlert problem={problems.form} />
        <div className="ed-dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {tx.imageCancel}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? tx.imageUploading : initial ? tx.imageSave : tx.imageInsert}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
