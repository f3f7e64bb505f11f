// The limits the browser checks before an upload too (no imports: components/ may import this module).

/** At most this many files per alert, comment or scenario. */
export const MAX_ATTACHMENTS = 10;
/** Each file at most 25 MB. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
