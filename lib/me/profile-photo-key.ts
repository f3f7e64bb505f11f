export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Where a user's photos are stored: a key under it is one the user uploaded through their own link. */
export const photoPrefix = (userId: string) => `users/${userId}/photo-`;
