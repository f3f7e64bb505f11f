import type { z } from 'zod';
import { answerCountsByAlert } from '@/lib/answers/answer-counts';
import { answerView, responseOptionsView } from '@/lib/answers/answer-view';
import { storedResponseOptions } from '@/lib/answers/response-options';
import { attachmentOrder, attachmentView, attachmentViewSelect } from '@/lib/attachments/attachment-view';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { describeTarget } from '@/lib/targeting/describe-target';
import { alertHeadline, alertHeadlineSelect } from './alert-list-item';
import { canManageAlert } from './can-manage-alert';
import { deliveryStatsByAlert } from './delivery-status';
import { findVisibleAlert, type alertIdParams } from './find-visible-alert';

const detailSelect = {
  ...alertHeadlineSelect,
  companyId: true,
  channels: true,
  target: true,
  authorId: true,
  authorLat: true,
  authorLng: true,
  authorAccuracy: true,
  missionId: true,
  closedAt: true,
  responseOptions: true,
  author: { select: { name: true, profilePhotoKey: true } },
  iotDevice: { select: { name: true } },
  closedBy: { select: { name: true } },
  attachments: { where: { commentId: null }, orderBy: attachmentOrder, select: attachmentViewSelect },
} satisfies Prisma.AlertSelect;

/** Spec §3 Alert detail of a visible alert (404 otherwise), with its delivery stats. */
export async function getAlert(ctx: Ctx, input: z.output<typeof alertIdParams>, client: DbClient = ctx.db) {
  const alert = await findVisibleAlert(ctx, input.id, detailSelect, client);
  const [resolvedTarget, stats, answers, myAnswer, attachments, authorProfilePhoto] = await Promise.all([
    describeTarget(client, alert.companyId, alert.target),
    deliveryStatsByAlert(client, [alert.id]),
    answerCountsByAlert(client, [alert.id]),
    client.alertRecipient.findUnique({
      where: { alertId_userId: { alertId: alert.id, userId: ctx.userId } },
      select: { answerOption: true, answerKind: true, answeredAt: true, answerChannel: true },
    }),
    Promise.all(alert.attachments.map(attachmentView)),
    profilePhotoUrl(alert.author?.profilePhotoKey ?? null),
  ]);
  const options = storedResponseOptions(alert.responseOptions);
  const hasPosition = alert.authorLat !== null && alert.authorLng !== null;
  return {
    ...alertHeadline(alert),
    channels: alert.channels,
    attachments,
    authorId: alert.authorId,
    // A button that started the alert is its sender, shown by its name.
    authorName: alert.author?.name ?? alert.iotDevice?.name ?? null,
    authorProfilePhoto,
    isLocationAlert: resolvedTarget.locations.length > 0 || resolvedTarget.adHocLocation !== null,
    isMissionAlarm: alert.type === 'missionAlarm',
    missionId: alert.missionId,
    position: hasPosition ? { lat: alert.authorLat!, lng: alert.authorLng!, accuracy: alert.authorAccuracy } : null,
    target: resolvedTarget,
    stats: stats.get(alert.id)!,
    responseOptions: responseOptionsView(options),
    answers: answers.get(alert.id)!,
    /** The viewer's own latest answer when the alert reached them. */
    myAnswer: myAnswer ? answerView(myAnswer, options) : null,
    closedAt: alert.closedAt?.toISOString() ?? null,
    closedBy: alert.closedBy ? { name: alert.closedBy.name } : null,
    canManage: canManageAlert(ctx, alert),
    canComment: alert.status === 'active',
  };
}

export type AlertDetail = Awaited<ReturnType<typeof getAlert>>;
