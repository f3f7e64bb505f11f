import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { now } from '@/lib/clock';
import { attachmentDisposition } from '@/lib/http-parts/content-disposition';
import { downloadLinkWindow } from './link-expiry';
import type { StorageDriver } from './storage-driver';
import { assertStorageKey } from './storage-key';

export interface S3StorageConfig {
  /** The S3 API as the app reaches it (e.g. http://minio:9000); unset for AWS itself. */
  endpoint?: string;
  /** The S3 API as browsers reach it, for the presigned links; defaults to `endpoint`. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's own credential chain (environment, instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** SigV4's limit for presigned URLs: 7 days. */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;

function client(config: S3StorageConfig, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Otherwise the SDK adds a checksum of the (empty) body to presigned PUT links, and a browser's upload fails it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/** Files in an S3 bucket (AWS, MinIO...): browsers use presigned URLs; the app itself asks for sizes, deletes, and reads and
 * writes the files it makes (voice samples). */
export function createS3Storage(config: S3StorageConfig): StorageDriver {
  const api = client(config, config.endpoint);
  const signer =
    config.publicEndpoint && config.publicEndpoint !== config.endpoint ? client(config, config.publicEndpoint) : api;
  const Bucket = config.bucket;
  return {
    async uploadUrl(key, o) {
      assertStorageKey(key);
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: o.contentType });
      // Content-Type is signed, so S3 refuses an upload of another type. A presigned PUT cannot limit the size.
      const url = await getSignedUrl(signer, command, {
        expiresIn: o.expiresInSeconds,
        signableHeaders: new Set(['content-type']),
        signingDate: now(),
      });
      return { url, method: 'PUT', headers: { 'Content-Type': o.contentType } };
    },
    async downloadUrl(key, o) {
      assertStorageKey(key);
      const { signedAt, expiresAt } = downloadLinkWindow(now(), o.expiresInSeconds);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: o.fileName ? attachmentDisposition(o.fileName) : undefined,
      });
      const expiresIn = Math.min(expiresAt - signedAt, MAX_PRESIGNED_SECONDS);
      return getSignedUrl(signer, command, { expiresIn, signingDate: new Date(signedAt * 1000) });
    },
    async deleteUrl(key, o) {
      assertStorageKey(key);
      const command = new DeleteObjectCommand({ Bucket, Key: key });
      const url = await getSignedUrl(signer, command, { expiresIn: o.expiresInSeconds, signingDate: now() });
      return { url, method: 'DELETE' };
    },
    async stat(key) {
      assertStorageKey(key);
      try {
        const head = await api.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async copy(from, to) {
      assertStorageKey(from);
      assertStorageKey(to);
      // Keys are plain ASCII letters, digits, '.', '_', '-' and '/': nothing in CopySource needs encoding.
      await api.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
    },
    async put(key, contentType, bytes) {
      assertStorageKey(key);
      await api.send(new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, Body: bytes }));
    },
    async read(key) {
      assertStorageKey(key);
      try {
        const object = await api.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return { bytes, contentType: object.ContentType ?? null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertStorageKey(key);
      await api.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
