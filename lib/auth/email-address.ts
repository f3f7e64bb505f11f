import { z } from 'zod';

/** An e-mail address as typed: trimmed and lower-cased (how users are stored), then checked. */
export const emailAddress = z.string().trim().toLowerCase().max(254).pipe(z.email());
