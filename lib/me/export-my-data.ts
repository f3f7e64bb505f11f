import type { UserCtx } from '@/lib/context';
import type { NamedFile } from '@/lib/http-parts/answers';

/**
 * "My Data": everything stored about the user, as a JSON download. Secrets that only protect the account (password
 * hash, 2FA secrets, session and push tokens) are left out: they are not information about the person.
 */
export async function exportMyData(ctx: UserCtx): Promise<NamedFile<object>> {
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { id: ctx.userId },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      locale: true,
      profilePhotoKey: true,
      emailConfirmedAt: true,
      use2FA: true,
      createdAt: true,
      updatedAt: true,
      memberships: {
        select: {
          role: true,
          managed: true,
          createdAt: true,
          deletedAt: true,
          company: { select: { id: true, name: true } },
        },
      },
      sessions: {
        select: {
          createdAt: true,
          lastUsedAt: true,
          extended: true,
          revokedAt: true,
          revokedReason: true,
          userAgent: true,
        },
      },
      devices: {
        select: { id: true, name: true, platform: true, appVersion: true, lastSeenAt: true, createdAt: true },
      },
      positions: {
        select: { lat: true, lng: true, accuracy: true, source: true, recordedAt: true, deviceId: true },
        orderBy: { recordedAt: 'desc' },
      },
      teamMemberships: { select: { createdAt: true, team: { select: { id: true, name: true, companyId: true } } } },
      sosContacts: { select: { companyId: true, name: true, phone: true, contactUserId: true, sortIndex: true } },
      alertsAuthored: {
        select: {
          id: true,
          companyId: true,
          type: true,
          status: true,
          title: true,
          message: true,
          authorLat: true,
          authorLng: true,
          sentAt: true,
          createdAt: true,
        },
      },
      comments: { select: { alertId: true, message: true, messageType: true, createdAt: true } },
      missions: {
        select: {
          id: true,
          companyId: true,
          description: true,
          status: true,
          startedAt: true,
          endTime: true,
          finishedAt: true,
        },
      },
      positionings: { select: { id: true, companyId: true, reason: true, createdAt: true } },
      // Positionings of oneself: who asked, when and why, and what each device answered.
      positioningResults: {
        select: {
          positioningId: true,
          positioning: {
            select: { companyId: true, reason: true, createdAt: true, author: { select: { name: true } } },
          },
          deviceId: true,
          state: true,
          declined: true,
          lat: true,
          lng: true,
          accuracy: true,
          positionedAt: true,
          respondedAt: true,
        },
      },
      auditLogs: { select: { companyId: true, action: true, entityType: true, entityId: true, createdAt: true } },
    },
  });
  const fileName = `tocsin-my-data-${ctx.now.toISOString().slice(0, 10)}.json`;
  // Alert rows keep no relation to the user (see the schema): read by user id.
  const [alertRecipients, receipts] = await Promise.all([
    ctx.db.alertRecipient.findMany({
      where: { userId: ctx.userId },
      select: {
        alertId: true,
        companyId: true,
        inTarget: true,
        receivedAt: true,
        seenAt: true,
        lat: true,
        lng: true,
        createdAt: true,
      },
    }),
    ctx.db.receipt.findMany({
      where: { userId: ctx.userId },
      select: {
        alertId: true,
        channel: true,
        fallback: true,
        round: true,
        state: true,
        sentAt: true,
        deliveredAt: true,
        receivedAt: true,
      },
    }),
  ]);
  return { fileName, content: { exportedAt: ctx.now.toISOString(), ...user, alertRecipients, receipts } };
}
