// Uploads a file through `POST /api/v1/uploads` (multipart: `file` and `purpose`) with the
// same SPEC headers as every other call; the answer is the stored upload.
import { ApiError, readCookie, REQUEST_TIMEOUT_MS } from "./api";
import { offsetMinutes, requestHeaders } from "./core";
import { type Purpose, type Uploaded } from "./apiSchema";

export type UploadPurpose = Purpose;

/** `Uploaded` of server/src/media/service.rs. */
export type Upload = Uploaded;

export async function uploadFile(file: Blob, purpose: UploadPurpose, name = "upload"): Promise<Upload> {
  const form = new FormData();
  form.append("purpose", purpose);
  form.append("file", file, file instanceof File ? file.name : name);
  const headers = {
    ...requestHeaders({ guestId: readCookie("tma_id"), includeGuest: true }, offsetMinutes()),
    accept: "application/json",
  };
  const response = await fetch("/api/v1/uploads", {
    method: "POST",
    headers,
    body: form,
    credentials: "include",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
  });
  const envelope = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown; data?: Upload } | null;
  if (!response.ok || envelope === null || String(envelope.code) !== "0" || !envelope.data) {
    const message = typeof envelope?.message === "string" ? envelope.message : "the upload failed";
    throw new ApiError(response.status, envelope?.code === undefined ? String(response.status) : String(envelope.code), message);
  }
  return envelope.data;
}
