import { useFetcher, useRevalidator } from "@remix-run/react";
import { announceActionStart, useFreshSuccess } from "~/lib/fresh-success";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import type { FormResult } from "~/lib/view-types";
import { Avatar } from "./Avatar";
import { useStateResetOn } from "~/lib/use-state-following";
import { BusySubmit } from "./BusySubmit";

const MAX_BYTES = 2 * 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
/** Word for word what the server answers for any other file (server/images/process-image.ts). */
const NOT_AN_IMAGE = "Use JPEG, PNG, WebP, or GIF";

interface ImageUploadProps {
  /** Accessible name of the image, e.g. "Workspace logo". */
  label: string;
  /** REST endpoint taking a multipart `file` part. */
  endpoint: string;
  /** Key of the stored URL in the endpoint's JSON answer. */
  resultKey: "logoUrl" | "avatarUrl";
  currentUrl: string | null;
  fallbackName: string;
  shape: "square" | "round";
  noun: string;
  /** Intent the route's action handles to remove the image. */
  removeIntent: string;
}

/**
 * Pick an image, see it at once (an object URL), then upload it to the REST edge. The
 * server's own message is shown when it refuses; removal goes through the route action.
 */
export function ImageUpload({ label, endpoint, resultKey, currentUrl, fallbackName, shape, noun, removeIntent }: ImageUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A new current image (the page revalidated) replaces the one this upload showed.
  const [uploadedUrl, setUploadedUrl] = useStateResetOn<string | null>(null, currentUrl);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const remover = useFetcher<FormResult>();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (remover.state !== "idle" || !remover.data) return;
    if (remover.data.ok) setNotice(`${capitalize(noun)} removed`);
    else setError(remover.data.formError ?? `Could not remove the ${noun}`);
  }, [remover.state, remover.data, noun]);

  function reset() {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setError(null);
    setNotice(null);
    if (!picked) return reset();
    // `accept` only steers the picker ("All files" is one click away): refuse on choice, not after an upload.
    if (!ACCEPT.split(",").includes(picked.type)) {
      reset();
      return setError(NOT_AN_IMAGE);
    }
    if (picked.size > MAX_BYTES) {
      reset();
      return setError("Image must be 2MB or smaller");
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  }

  async function upload() {
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    announceActionStart();
    setUploading(true);
    setError(null);
    try {
      const response = await fetch(endpoint, { method: "POST", body, credentials: "same-origin" });
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        setError(typeof data.message === "string" ? data.message : `Upload failed (${response.status})`);
        return;
      }
      setUploadedUrl(String(data[resultKey]));
      reset();
      setNotice(`${capitalize(noun)} updated`);
      revalidator.revalidate();
    } catch {
      setError("Upload failed. Check your connection and try again.");
    } finally {
      setUploading(false);
    }
  }

  const freshNotice = useFreshSuccess(notice, notice);
  const shown = preview ?? uploadedUrl ?? currentUrl;
  const removing = remover.state !== "idle";
  return (
    <div className="upload">
      <div className={`upload-frame upload-${shape}${preview ? " is-preview" : ""}`}>
        {shown ? <img src={shown} alt={label} className="upload-image" /> : <Avatar name={fallbackName} shape={shape} size="xl" />}
        {preview ? <span className="badge upload-badge">Preview</span> : null}
      </div>
      <div className="upload-controls">
        <div className="button-row">
          <label className="btn btn-secondary file-button">
            {shown ? `Choose a new ${noun}` : `Choose ${noun}`}
            <input ref={inputRef} type="file" accept={ACCEPT} className="sr-only" onChange={choose} disabled={uploading} />
          </label>
          {file ? (
            <>
              <button type="button" className="btn btn-primary" onClick={upload} disabled={uploading}>
                {uploading ? "Uploading…" : `Upload ${noun}`}
              </button>
              <button type="button" className="btn btn-ghost" onClick={reset} disabled={uploading}>Cancel</button>
            </>
          ) : currentUrl ? (
            <remover.Form method="post">
              <input type="hidden" name="intent" value={removeIntent} />
              <BusySubmit className="btn btn-danger-ghost" busy={removing} busyLabel="Removing…">{`Remove ${noun}`}</BusySubmit>
            </remover.Form>
          ) : null}
        </div>
        <p className="field-hint">PNG, JPEG, WebP or GIF, up to 2 MB. {file ? `Selected: ${file.name}` : null}</p>
        {error ? <p className="field-error" role="alert">{error}</p> : null}
        <p className="field-status tone-success" role="status" aria-live="polite">{freshNotice}</p>
      </div>
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
