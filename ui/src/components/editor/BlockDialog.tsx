// The form of a block that needs more than a click, in a modal dialog: a video or a link card
// from an address (the server reads the provider's details or the page's card and keeps its
// picture: POST /api/v1/embeds), a PDF file, a gallery of 2 to 9 images with each one's alt
// text, and the caption of a video or a gallery afterwards.
import { useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { FilePick, FormAlert, TextField } from "../form";
import { ApiError } from "../../lib/api";
import { blockChoices } from "./choices";
import { uploadFile } from "../../lib/upload";
import type { BlockData, Picture } from "./blocks";
import { embedOf } from "./embed";
import { useModalDialog } from "./dialog";
import { fill, useEditorTexts } from "./texts";

/** What the dialog makes: a new block of a kind, or an edit of a block. */
export type BlockAsk = { make: "video" | "linkCard" | "file" | "gallery"; link?: string } | { edit: BlockData };

interface Props {
  ask: BlockAsk;
  onDone: (block: BlockData) => void;
  onClose: () => void;
}

export function BlockDialog({ ask, onDone, onClose }: Props) {
  const tx = useEditorTexts();
  const dialog = useModalDialog();
  const editing = "edit" in ask ? ask.edit : null;
  const kind = editing ? editing.kind : "make" in ask ? ask.make : "video";
  const [link, setLink] = useState("make" in ask ? (ask.link ?? "") : "");
  const [caption, setCaption] = useState(editing && (editing.kind === "video" || editing.kind === "gallery") ? editing.caption : "");
  const [files, setFiles] = useState<File[]>([]);
  const [pictures, setPictures] = useState<Picture[]>(editing?.kind === "gallery" ? editing.images : []);
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const { galleryMin, galleryMax } = blockChoices();

  const askLink = !editing && (kind === "video" || kind === "linkCard");
  const title = { video: tx.videoDialog, linkCard: tx.cardDialog, file: tx.fileDialog, gallery: tx.galleryDialog, divider: tx.videoDialog }[kind];

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setProblems({});
    try {
      setBusy(true);
      if (editing) {
        if (editing.kind === "video") return onDone({ ...editing, caption: caption.trim() });
        if (editing.kind === "gallery") {
          const missing = pictures.findIndex((picture) => !picture.alt.trim());
          if (missing >= 0) return setProblems({ [`alt${missing}`]: tx.imageAltRequired });
          return onDone({ ...editing, images: pictures.map((p) => ({ ...p, alt: p.alt.trim() })), caption: caption.trim() });
        }
        return onDone(editing);
      }
      if (kind === "video" || kind === "linkCard") {
        if (!link.trim()) return setProblems({ link: tx.embedLinkRequired });
        const block = await embedOf(link.trim(), kind === "video");
        if (kind === "video" && block.kind !== "video") return setProblems({ link: tx.videoNotVideo });
        return onDone(block.kind === "video" ? { ...block, caption: caption.trim() } : block);
      }
      if (kind === "file") {
        const file = files[0];
        if (!file) return setProblems({ files: tx.fileRequired });
        const upload = await uploadFile(file, "body");
        if (upload.kind !== "pdf") return setProblems({ files: tx.fileNotPdf });
        return onDone({ kind: "file", href: upload.url, name: file.name });
      }
      // A gallery: its images uploaded once, then each one's alt text asked for.
      if (pictures.length === 0) {
        if (files.length < galleryMin || files.length > galleryMax) return setProblems({ files: fill(tx.galleryCount, { min: galleryMin, max: galleryMax }) });
        const uploaded: Picture[] = [];
        for (const file of files) {
          const upload = await uploadFile(file, "body");
          uploaded.push({ src: upload.url, alt: "", width: upload.width ?? null, height: upload.height ?? null });
        }
        setPictures(uploaded);
        return;
      }
      const missing = pictures.findIndex((picture) => !picture.alt.trim());
      if (missing >= 0) return setProblems({ [`alt${missing}`]: tx.imageAltRequired });
      return onDone({ kind: "gallery", images: pictures.map((p) => ({ ...p, alt: p.alt.trim() })), caption: caption.trim() });
    } catch (error) {
      // The server says why in its own words (logged for the writer's support); the writer
      // reads what to do in the page's language.
      const status = error instanceof ApiError ? error.status : 0;
      const problem = status === 429 ? tx.blockTooMany : status === 400 || status === 413 ? (askLink ? tx.embedRefused : tx.fileRefused) : tx.blockFailed;
      setProblems({ form: problem });
    } finally {
      setBusy(false);
    }
  }

  const askFiles = !editing && (kind === "file" || (kind === "gallery" && pictures.length === 0));
  return createPortal(
    <dialog ref={dialog} className="ed-dialog" aria-labelledby="ed-block-title" onClose={onClose} onCancel={onClose}>
      <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id="ed-block-title">{title}</h2>
        {askLink ? (
          <TextField id="ed-block-link" label={kind === "video" ? tx.videoLink : tx.cardLink} type="url" inputMode="url" value={link} onChange={setLink} problem={problems.link} hint={kind === "video" ? tx.videoLinkHint : tx.cardLinkHint} autoComplete="off" />
        ) : null}
        {askFiles ? (
          <div className="form-field">
            <label htmlFor="ed-block-files">{kind === "file" ? tx.fileFile : fill(tx.galleryFiles, { min: galleryMin, max: galleryMax })}</label>
            <FilePick
              id="ed-block-files"
              multiple={kind === "gallery"}
              accept={kind === "file" ? "application/pdf" : "image/jpeg,image/png,image/webp,image/gif"}
              aria-invalid={problems.files ? true : undefined}
              aria-describedby={problems.files ? "ed-block-files-problem" : undefined}
              onFiles={(list) => setFiles(list ? Array.from(list) : [])}
            />
            {problems.files ? (
              <p id="ed-block-files-problem" className="form-problem">
                {problems.files}
              </p>
            ) : null}
          </div>
        ) : null}
        {kind === "gallery" && pictures.length > 0 ? (
          <ol className="ed-gallery-alts">
            {pictures.map((picture, index) => (
              <li key={picture.src + index}>
                <img src={picture.src} alt="" />
                <TextField
                  id={`ed-gallery-alt-${index}`}
                  label={fill(tx.galleryAlt, { n: index + 1 })}
                  value={picture.alt}
                  onChange={(alt) => setPictures((all) => all.map((p, at) => (at === index ? { ...p, alt } : p)))}
                  maxLength={300}
                  required
                  problem={problems[`alt${index}`]}
                  autoComplete="off"
                />
              </li>
            ))}
          </ol>
        ) : null}
        {kind === "video" || (kind === "gallery" && pictures.length > 0) ? (
          <TextField id="ed-block-caption" label={tx.imageCaption} value={caption} onChange={setCaption} maxLength={300} autoComplete="off" />
        ) : null}
        <FormAlert problem={problems.form} />
        <div className="ed-dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {tx.imageCancel}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? tx.blockWorking : editing ? tx.imageSave : kind === "gallery" && pictures.length === 0 ? tx.galleryUpload : tx.imageInsert}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
