import { useId, useRef, useState } from "react";
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from "@common/media";
import { type MediaItem, TOO_LARGE, mediaApi } from "../../staff-api/media";
import { ApiError, upload } from "../api";

/**
 * A picture to add to the library: choosing a file uploads it at once (multipart, through
 * `upload()`). While it goes, a status says so and the input waits; the server's refusal (not a
 * picture we take, too large) is said as an alert tied to the input, which keeps the focus.
 */
export function PictureUpload({
  label = "Upload a picture",
  onUploaded,
}: {
  label?: string;
  onUploaded: (item: MediaItem) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  async function send(file: File) {
    setRefused(null);
    setDone(null);
    // Refused here as the server would refuse it, without sending megabytes for nothing.
    if (file.size > MAX_UPLOAD_BYTES) return setRefused(TOO_LARGE);
    setBusy(file.name);
    try {
      const item = await upload(mediaApi.upload, file);
      setDone(`${item.name} is uploaded.`);
      onUploaded(item);
      if (input.current) input.current.value = "";
    } catch (error) {
      setRefused(
        error instanceof ApiError ? error.message : "The picture was not uploaded. Try again.",
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        A JPEG, PNG or WebP picture of up to 10 MB. Where and with what it was taken is removed.
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_TYPES.join(",")}
        disabled={busy !== null}
        aria-invalid={refused ? true : undefined}
        aria-describedby={`${id}-hint${refused ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
        className="block"
      />
      <div role="status">{busy ? <p>Uploading {busy}…</p> : done ? <p>{done}</p> : null}</div>
      <div role="alert">
        {refused ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {refused}
          </p>
        ) : null}
      </div>
    </div>
  );
}
