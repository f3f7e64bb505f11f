import { storage } from '@/lib/providers/storage/storage';

const PHOTO_LINK_SECONDS = 6 * 60 * 60;

/** A time-limited link an <img> can load (no bearer needed), or null without a photo. */
export async function profilePhotoUrl(key: string | null): Promise<string | null> {
  return key ? storage().downloadUrl(key, { expiresInSeconds: PHOTO_LINK_SECONDS }) : null;
}
