import path from 'node:path';
import { env } from '@/lib/env';
import { secretKeyFor } from '@/lib/secret-key';
import { processSingleton } from '@/lib/singleton';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { StorageDriver } from './storage-driver';

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
  return createLocalStorage({
    dir: path.resolve(env.STORAGE_DIR),
    secret: secretKeyFor('files'),
    baseUrl: env.PUBLIC_URL ?? '',
  });
}
