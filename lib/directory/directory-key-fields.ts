import { z } from 'zod';

/** More keys than this per company is a leak waiting to happen: delete old ones first. */
export const MAX_DIRECTORY_KEYS = 10;
/** How many of a key's first characters are shown to tell keys apart (48 bits: not enough to guess the rest). */
export const DIRECTORY_KEY_PREFIX_LENGTH = 8;

export const directoryKeyParams = z.object({ id: z.uuid() });
export const newDirectoryKeyBody = z.object({ name: z.string().trim().max(100).optional() });
export const directoryEnabledBody = z.object({ enabled: z.boolean() });

export const directoryKeySelect = {
  id: true,
  name: true,
  keyPrefix: true,
  createdAt: true,
  lastUsedAt: true,
  createdBy: { select: { id: true, name: true } },
} as const;

interface DirectoryKeyRow {
  id: string;
  name: string | null;
  keyPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  createdBy: { id: string; name: string } | null;
}

/** A key as the API lists it: never the key itself, which is shown once, at creation. */
export function directoryKeyView(row: DirectoryKeyRow) {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdBy: row.createdBy ? { userId: row.createdBy.id, name: row.createdBy.name } : null,
  };
}
