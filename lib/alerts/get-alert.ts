import { z } from 'zod';
import { attachmentOrder, attachmentView, attachmentViewSelect } from '@/lib/attachments/attachment-view';
import type { Ctx } from '@/lib/context';
import type { DbClient } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Geofence } from '@/lib/geo/geofence';
import { locationView } from '@/lib/locations/location-view';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
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
  author: { select: { name: true, profilePhotoKey: true } },
  closedBy: { select: { name: true } },
  attachments: { where: { commentId: null }, orderBy: attachmentOrder, select: attachmentViewSelect },
} satisfies Prisma.AlertSelect;

/** The stored target as the sender gave it; a missing part (older rows, drafts) reads as not chosen. */
const storedTarget = z.object({
  company: z.boolean().catch(false),
  teams: z.array(z.uuid()).catch([]),
  users: z.array(z.uuid()).catch([]),
  devices: z.array(z.uuid()).catch([]),
  locations: z.array(z.uuid()).catch([]),
  adHocLocation: z
    .object({
      name: z.string().nullish(),
      geofence: z.custom<Geofence>((value) => typeof value === 'object' && value !== null),
    })
    .nullable()
    .catch(null),
});

/** Spec §3 Alert detail of a visible alert (404 otherwise), with its delivery stats. */
export async function getAlert(ctx: Ctx, input: z.output<typeof alertIdParams>, client: DbClient = ctx.db) {
  const alert = await findVisibleAlert(ctx, input.id, detailSelect, client);
  const target = storedTarget.parse(alert.target ?? {});
  const [resolvedTarget, stats, attachments, authorProfilePhoto] = await Promise.all([
    resolveTarget(client, alert.companyId, target),
    deliveryStatsByAlert(client, [alert.id]),
    Promise.all(alert.attachments.map(attachmentView)),
    profilePhotoUrl(alert.author?.profilePhotoKey ?? null),
  ]);
  const hasPosition = alert.authorLat !== null && alert.authorLng !== null;
  return {
    ...alertHeadline(alert),
    channels: alert.channels,
    attachments,
    authorId: alert.authorId,
    authorName: alert.author?.name ?? null,
    authorProfilePhoto,
    isLocationAlert: target.locations.length > 0 || target.adHocLocation !== null,
    isMissionAlarm: alert.type === 'missionAlarm',
    missionId: alert.missionId,
    position: hasPosition ? { lat: alert.authorLat!, lng: alert.authorLng!, accuracy: alert.authorAccuracy } : null,
    target: resolvedTarget,
    stats: stats.get(alert.id)!,
    closedAt: alert.closedAt?.toISOString() ?? null,
    closedBy: alert.closedBy ? { name: alert.closedBy.name } : null,
    canManage: canManageAlert(ctx, alert),
    canComment: alert.status === 'active',
  };
}

export type AlertDetail = Awaited<ReturnType<typeof getAlert>>;

/** Names for the target's ids, in the order the sender chose them; what was deleted since (or is not the company's) drops out. */
async function resolveTarget(client: DbClient, companyId: string, target: z.output<typeof storedTarget>) {
  const member = { memberships: { some: { companyId } } };
  const [teams, users, devices, locations] = await Promise.all([
    client.team.findMany({ where: { id: { in: target.teams }, companyId }, select: { id: true, name: true } }),
    client.user.findMany({ where: { id: { in: target.users }, ...member }, select: { id: true, name: true } }),
    client.device.findMany({ where: { id: { in: target.devices }, user: member }, select: { id: true, name: true } }),
    client.location.findMany({
      where: { id: { in: target.locations }, companyId },
      select: { id: true, name: true, geofence: true },
    }),
  ]);
  return {
    company: target.company,
    teams: inOrder(target.teams, teams),
    users: inOrder(target.users, users).map((user) => ({ userId: user.id, name: user.name })),
    devices: inOrder(target.devices, devices),
    locations: inOrder(target.locations, locations).map(locationView),
    adHocLocation: target.adHocLocation
      ? { name: target.adHocLocation.name || null, geofence: target.adHocLocation.geofence }
      : null,
  };
}

function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
