import { z } from 'zod';

/** A team's name: at least 3 characters (spec §5), unique in the company regardless of case. */
export const teamName = z.string().trim().min(3).max(100);

/** An optional description; blank means none. */
export const teamDescription = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((value) => value || null);

/** The people of a team by user id, as in `members: [{ userId }]` (spec §7). */
export const teamMemberIds = z.array(z.object({ userId: z.uuid() })).max(1000);

export const teamIdParams = z.object({ id: z.uuid() });
