// Picks an image and crops it to the ratio the public profile shows (a square logo, a 4:1
// cover): drag or arrow keys to place it, a slider to size it; the chosen area is drawn at the
// output size in the browser and uploaded, so the server stores what the profile shows.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { uploadFile, type Upload, type UploadPurpose } from "../../lib/upload";
import { FilePick } from "../../components/form";
import { fill, useBusinessTexts } from "./texts";

export interface CropSpec {
  purpose: UploadPurpose;
  /** Output size in pixels. */
  width: number;
  height: number;
  /** PNG keeps a logo's transparency; covers are photographs. */
  type: "image/png" | "image/jpeg";
}

export const LOGO_CROP: CropSpec = { purpose: "logo", width: 400, height: 400, type: "image/png" };
export const COVER_CROP: CropSpec = { purpose: "cover", width: 1600, height: 400, type: "image/jpeg" };

interface Placement {
  zoom: number;
  x: number;
  y: number;
}

/** Where the image stands in the output's pixels for a placement, kept covering the frame. */
export function place(spec: CropSpec, natural: { width: number; height: number }, placement: Placement) {
  const scale = Math.max(spec.width / natural.width, spec.height / natural.height) * placement.zoom;
  const width = natural.width * scale;
  const height = natural.height * scale;
  const clamp = (value: number, min: number) => Math.min(0, Math.max(min, value));
  return { x: clamp(placement.x, spec.width - width), y: clamp(placement.y, spec.height - height), width, height };
}

export function ImageCrop({ spec, label, current = null, onUploaded }: { spec: CropSpec; label: string; current?: string | null; onUploaded: (upload: Upload) => void }) {
  const tx = useBusinessTexts();
  const [source, setSource] = useState<{ url: string; width: number; height: number } | null>(null);
  const [placement, setPlacement] = useState<Placement>({ zoom: 1, x: 0, y: 0 });
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const id = `crop-${spec.purpose}`;

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  function choose(file: File | undefined) {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setSource({ url, width: image.naturalWidth, height: image.naturalHeight });
      const start = place(spec, { width: image.naturalWidth, height: image.naturalHeight }, { zoom: 1, x: 0, y: 0 });
      setPlacement({ zoom: 1, x: (spec.width - start.width) / 2, y: (spec.height - start.height) / 2 });
      setStatus(null);
    };
    image.onerror = () => setStatus(fill(tx.uploadFailed, { message: file.name }));
    image.src = url;
  }

  const shown = source ? place(spec, source, placement) : null;
  const move = (dx: number, dy: number) =>
    setPlacement((p) => {
      if (!source) return p;
      const at = place(spec, source, { ...p, x: p.x + dx, y: p.y + dy });
      return { ...p, x: at.x, y: at.y };
    });
  const pixelsPerScreen = () => spec.width / (frame.current?.clientWidth || spec.width);

  function onKey(event: KeyboardEvent) {
    const step = (event.shiftKey ? 50 : 10) * pixelsPerScreen();
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move(...delta);
  }
  function onDown(event: PointerEvent) {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onMove(event: PointerEvent) {
    if (!drag.current) return;
    const factor = pixelsPerScreen();
    move((event.clientX - drag.current.x) * factor, (event.clientY - drag.current.y) * factor);
    drag.current = { x: event.clientX, y: event.clientY };
  }

  async function use() {
    if (!source || !shown) return;
    setBusy(true);
    setStatus(tx.uploading);
    try {
      const image = new Image();
      image.src = source.url;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = spec.width;
      canvas.height = spec.height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      context.drawImage(image, shown.x, shown.y, shown.width, shown.height);
      const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no image"))), spec.type, 0.9));
      const upload = await uploadFile(blob, spec.purpose, `${spec.purpose}.${spec.type === "image/png" ? "png" : "jpg"}`);
      setSource(null);
      setStatus(null);
      onUploaded(upload);
    } catch (error) {
      setStatus(fill(tx.uploadFailed, { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="crop">
      {current && !source ? <img className="crop-current" src={current} alt={fill(tx.currentImage, { label })} style={{ aspectRatio: `${spec.width} / ${spec.height}` }} /> : null}
      <FilePick
        id={`${id}-file`}
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label={`${label}: ${tx.choose}`}
        chooseLabel={source ? tx.replace : tx.choose}
        onFiles={(files) => choose(files?.[0])}
      />
      {source && shown ? (
        <div className="crop-work">
          <p className="console-muted console-small" id={`${id}-hint`}>
            {tx.cropHint}
          </p>
          <div
            ref={frame}
            className="crop-frame"
            style={{ aspectRatio: `${spec.width} / ${spec.height}` }}
            tabIndex={0}
            role="group"
            aria-label={fill(tx.cropArea, { what: label })}
            aria-describedby={`${id}-hint`}
            onKeyDown={onKey}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={() => (drag.current = null)}
          >
            <img
              src={source.url}
              alt=""
              draggable={false}
              style={{ left: `${(shown.x / spec.width) * 100}%`, top: `${(shown.y / spec.height) * 100}%`, width: `${(shown.width / spec.width) * 100}%`, height: `${(shown.height / spec.height) * 100}%` }}
            />
          </div>
          <div className="form-field crop-zoom">
            <label htmlFor={`${id}-zoom`}>{tx.zoom}</label>
            <input id={`${id}-zoom`} type="range" min={1} max={4} step={0.05} value={placement.zoom} onChange={(event) => setPlacement((p) => ({ ...p, zoom: Number(event.target.value) }))} />
          </div>
          <button type="button" className="button button-primary button-small" disabled={busy} onClick={() => void use()}>
            {tx.useImage}
          </button>
        </div>
      ) : null}
      {status ? (
        <p className="console-small" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
