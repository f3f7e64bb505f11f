import { randomUUID } from 'node:crypto';
import type { Ctx } from '@/lib/context';
import { isStorageKey } from '@/lib/providers/storage/storage-key';

const MAX_NAME_LENGTH = 100;
/** Letters that Unicode does not decompose into a base letter and an accent. */
const LETTERS: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
};

/** Who uploads: a person, or nobody (null) for the copies of a scenario's files that a Flic button's alert carries. */
type Uploader = { userId: string | null; company: Pick<Ctx['company'], 'id'> };

/**
 * Where a person's not yet attached uploads live: `companies/<cid>/uploads/<userId>/` (`.../uploads/system/` for the
 * product's own copies, which no person's prefix reaches). claimUploads only takes keys under the caller's.
 */
export function uploadPrefix(ctx: Uploader): string {
  return `companies/${ctx.company.id}/uploads/${ctx.userId ?? 'system'}/`;
}

/** A new key for an upload of `fileName`: `<prefix><uuid>/<safe name>` (the uuid keeps equal names apart). */
export function newUploadKey(ctx: Uploader, fileName: string): string {
  return `${uploadPrefix(ctx)}${randomUUID()}/${safeFileName(fileName)}`;
}

/** Whether `key` is a well-formed key of one upload under `prefix` (exactly `<prefix><uuid>/<name>`). */
export function isUploadKeyUnder(prefix: string, key: string): boolean {
  if (!key.startsWith(prefix) || !isStorageKey(key)) return false;
  const rest = key.slice(prefix.length).split('/');
  return rest.length === 2 && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(rest[0]);
}

/**
 * A storage-key segment made from a file name: letters without their accents, digits, '.', '_' and '-'; anything else
 * becomes '-'; it starts with a letter or digit; at most 100 characters, keeping the extension. The real name is kept
 * in the Attachment row, this is only what the bucket sees.
 */
export function safeFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØæÆœŒßđĐłŁþÞ]/g, (letter) => LETTERS[letter])
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '');
  if (ascii.length <= MAX_NAME_LENGTH) return ascii || 'file';
  const dot = ascii.lastIndexOf('.');
  const extension = dot > 0 && ascii.length - dot <= 10 ? ascii.slice(dot) : '';
  return ascii.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}
