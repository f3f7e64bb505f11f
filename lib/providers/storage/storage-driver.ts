/**
 * Where uploaded files live (DESIGN §6). Keys look like `users/<uuid>/photo-<uuid>.png`. Browsers upload and download
 * through the time-limited URLs the driver signs, never through the API with a bearer.
 */
export interface StorageDriver {
  /**
   * A URL the browser PUTs the bytes to, with `headers`. The local driver enforces contentType and maxBytes; a presigned
   * S3 PUT enforces contentType only, so check the size with stat() once the upload is done.
   */
  uploadUrl(
    key: string,
    o: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<{ url: string; method: 'PUT'; headers: Record<string, string> }>;
  /** A URL an <img> or a link can fetch; with fileName it downloads as an attachment of that name. */
  downloadUrl(key: string, o: { expiresInSeconds: number; fileName?: string }): Promise<string>;
  /** A URL the browser sends DELETE to, removing the file (an upload it no longer wants); valid for expiresInSeconds. */
  deleteUrl(key: string, o: { expiresInSeconds: number }): Promise<{ url: string; method: 'DELETE' }>;
  /** Size and content type of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** Stores a copy of the file `from` (bytes and content type) under `to`, replacing what was there. */
  copy(from: string, to: string): Promise<void>;
  /** Stores bytes the app made itself (not a browser's upload) under the key, replacing what was there. */
  put(key: string, contentType: string, bytes: Uint8Array): Promise<void>;
  /** The whole stored file, or null when there is none: for files of modest size that the app itself reads. */
  read(key: string): Promise<{ bytes: Uint8Array; contentType: string | null } | null>;
  /** Deletes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
}
