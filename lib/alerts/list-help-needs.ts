import type { z } from 'zod';
import type { alertIdParams } from './find-visible-alert';
import type { Ctx } from '@/lib/context';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { answerView } from '@/lib/answers/answer-view';
import { findManagedAlert } from './find-managed-alert';

/**
 * GET /api/alerts/{id}/help: the "needs help" triage queue of an alert (its sender and admins). Everyone whose latest
 * answer is of the kind needs help: open ones first (oldest need first), then those handled (with who, when and the
 * note). A need handled and then answered again ("needs help" later than the handling) is open again.
 */
export async function listHelpNeeds(ctx: Ctx, input: z.output<typeof alertIdParams>) {
  const alert = await findManagedAlert(ctx, input.id);
  const rows = await ctx.db.$queryRaw<HelpRow[]>`
    SELECT r."userId", u.name, u.phone, u."profilePhotoKey", r.lat, r.lng,
           r."answerOption", r."answerKind", r."answeredAt", r."answerChannel",
           r."helpHandledAt", r."helpNote", h.name AS "handledByName",
           (r."helpHandledAt" IS NULL OR r."helpHandledAt" < r."answeredAt") AS open
    FROM "AlertRecipient" r
    JOIN "User" u ON u.id = r."userId"
    LEFT JOIN "User" h ON h.id = r."helpHandledById"
    WHERE r."alertId" = ${alert.id}::uuid AND r."answerKind" = 'needsHelp'
    ORDER BY open DESC, r."answeredAt"`;
  const items = await Promise.all(
    rows.map(async (row) => ({
      userId: row.userId,
      name: row.name,
      phone: row.phone,
      profilePhoto: await profilePhotoUrl(row.profilePhotoKey),
      position: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
      answer: answerView(row, alert.options)!,
      handled:
        row.open || !row.helpHandledAt
          ? null
          : { at: row.helpHandledAt.toISOString(), byName: row.handledByName, note: row.helpNote },
    })),
  );
  return { open: items.filter((item) => !item.handled).length, items };
}

interface HelpRow {
  userId: string;
  name: string;
  phone: string | null;
  profilePhotoKey: string | null;
  lat: number | null;
  lng: number | null;
  answerOption: number;
  answerKind: 'needsHelp';
  answeredAt: Date;
  answerChannel: 'app' | 'sms';
  helpHandledAt: Date | null;
  helpNote: string | null;
  handledByName: string | null;
  open: boolean;
}
