import path from 'node:path';
import { env } from '@/lib/env';
import { secretKeyFor } from '@/lib/secret-key';
import { processSingleton } from '@/lib/singleton';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/**
 * Where uploaded files live (DESIGN §6). Keys look like `users/<uuid>/photo-<uuid>.png`. Browsers upload and download
 * through the time-limited URLs the driver signs, never through the API with a bearer.
 */
export interface StorageDriver {
  /**
   * A URL the browser PUTs the bytes to, with `headers`. The local driver enforces contentType and maxBytes; a presigned
   * S3 PUT enforces contentType only, so check the size with stat() once the upload is done.
   */
  uploadUrl(key: string, o: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<{ url: string; method: 'PUT'; headers: Record<string, string> }>;
  /** A URL an <img> or a link can fetch; with fileName it downloads as an attachment of that name. */
  downloadUrl(key: string, o: { expiresInSeconds: number; fileName?: string }): Promise<string>;
  /** A URL the browser sends DELETE to, removing the file (an upload it no longer wants); valid for expiresInSeconds. */
  deleteUrl(key: string, o: { expiresInSeconds: number }): Promise<{ url: string; method: 'DELETE' }>;
  /** Size and content type of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** Deletes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
}

const driver = processSingleton('storage', createStorageFromEnv);

/** The driver chosen by STORAGE_DRIVER, created on first use (a missing setting fails here, not at start). */
export function storage(): StorageDriver {
  return driver.get();
}

function createStorageFromEnv(): StorageDriver {
  if (env.STORAGE_DRIVER === 's3') {
    if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set: STORAGE_DRIVER=s3 needs it (see .env.example)');
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage({ dir: path.resolve(env.STORAGE_DIR), secret: secretKeyFor('files'), baseUrl: env.PUBLIC_URL ?? '' });
}
