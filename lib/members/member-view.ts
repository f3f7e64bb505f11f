import type { Prisma } from '@/lib/generated/prisma/client';
import type { SmsOptOutSource } from '@/lib/generated/prisma/enums';
import { pushCapableDevice } from '@/lib/devices/can-receive-push';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { DAY_MS } from '@/lib/clock';
import { REMOVED_MEMBER_RESTORE_DAYS } from '@/lib/retention/retention-windows';

/**
 * What a member row needs: the membership and its global person, with how many devices can receive push (hasApp) and
 * the devices with a test received or a push lost.
 */
export const memberViewSelect = {
  role: true,
  managed: true,
  deletedAt: true,
  invitedAt: true,
  directoryName: true,
  directoryEmail: true,
  directoryPhone: true,
  user: {
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      profilePhotoKey: true,
      _count: { select: { devices: { where: pushCapableDevice } } },
      devices: {
        where: { OR: [{ lastTestReceivedAt: { not: null } }, { pushLostAt: { not: null } }] },
        select: { lastTestReceivedAt: true, pushLostAt: true },
      },
    },
  },
} satisfies Prisma.MembershipSelect;

export type MemberRow = Prisma.MembershipGetPayload<{ select: typeof memberViewSelect }>;

/**
 * The member object of the API (contract "Members"). A person invited and not yet joined is shown with what the company's
 * directory sent, never with their account's own name, number, photo or devices: those are not the company's yet.
 * `smsOptOuts`: the opted-out numbers among the rows' (smsOptOutsOf).
 */
export async function memberView(row: MemberRow, smsOptOuts: ReadonlyMap<string, SmsOptOutSource>) {
  const invited = row.invitedAt !== null;
  const hasApp = !invited && row.user._count.devices > 0;
  const devices = invited ? [] : row.user.devices;
  const lastTestReceivedAt = devices
    .flatMap(({ lastTestReceivedAt }) => (lastTestReceivedAt ? [lastTestReceivedAt] : []))
    .reduce<Date | null>((newest, at) => (newest && newest >= at ? newest : at), null);
  return {
    userId: row.user.id,
    name: invited ? (row.directoryName ?? '') : row.user.name,
    email: invited ? (row.directoryEmail ?? '') : row.user.email,
    phone: invited ? row.directoryPhone : row.user.phone,
    role: row.role,
    managed: row.managed,
    softDeleted: row.deletedAt !== null,
    /** Waiting for the person to accept the company's invitation (since then). */
    invitedAt: row.invitedAt?.toISOString() ?? null,
    deletedAt: invited ? null : (row.deletedAt?.toISOString() ?? null),
    restorableUntil: row.deletedAt && !invited ? restorableUntil(row.deletedAt).toISOString() : null,
    hasApp,
    /** When a test push ("Test my alerts") last reached one of the person's devices. */
    lastTestReceivedAt: lastTestReceivedAt?.toISOString() ?? null,
    /** The app stopped receiving: no device can receive push, and a push service dropped one's subscription or token. */
    pushLost: !hasApp && devices.some((device) => device.pushLostAt !== null),
    profilePhoto: invited ? null : await profilePhotoUrl(row.user.profilePhotoKey),
    /** No SMS goes to their number: they replied STOP (`keyword`), or Twilio refused it with 21610 (`twilio`). */
    smsOptOut: (!invited && row.user.phone ? smsOptOuts.get(row.user.phone) : undefined) ?? null,
  };
}

export type MemberView = Awaited<ReturnType<typeof memberView>>;

/** The last moment a removed member can be restored. */
export function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + REMOVED_MEMBER_RESTORE_DAYS * DAY_MS);
}
