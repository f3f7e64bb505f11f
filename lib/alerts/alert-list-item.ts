import type { Prisma } from '@/lib/generated/prisma/client';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';
import { shownAlertType } from './shown-alert-type';

export const alertHeadlineSelect = {
  id: true,
  type: true,
  status: true,
  title: true,
  message: true,
  sentAt: true,
  updatedAt: true,
  simulationMode: true,
  containsAuthorLocation: true,
  isLocationRestricted: true,
} satisfies Prisma.AlertSelect;

/** Only what a list row shows: an alert's other columns (its target, a drawn area of any size) are not read. */
export const alertListItemSelect = {
  ...alertHeadlineSelect,
  author: { select: { name: true, profilePhotoKey: true } },
  iotDevice: { select: { name: true } },
} satisfies Prisma.AlertSelect;

export type AlertListRow = Prisma.AlertGetPayload<{ select: typeof alertListItemSelect }>;

/** The date an alert is listed under: when it was sent, or for a draft when it was last saved. */
export function alertDate(alert: { sentAt: Date | null; updatedAt: Date }): string {
  return (alert.sentAt ?? alert.updatedAt).toISOString();
}

/** What the list and the detail both show of an alert: type is the shown type (alert → urgentAlert), severity the stored one. */
export function alertHeadline(alert: Prisma.AlertGetPayload<{ select: typeof alertHeadlineSelect }>) {
  return {
    id: alert.id,
    type: shownAlertType(alert.type),
    severity: alert.type,
    status: alert.status,
    title: alert.title,
    message: alert.message,
    date: alertDate(alert),
    simulationMode: alert.simulationMode,
    containsAuthorLocation: alert.containsAuthorLocation,
    isLocationRestricted: alert.isLocationRestricted,
  };
}

/** Spec §3 Alert (list). The sender is its author, or the Flic button that started it (by the button's name). */
export async function alertListItem(alert: AlertListRow) {
  return {
    ...alertHeadline(alert),
    user: alert.author
      ? { name: alert.author.name, profilePhoto: await profilePhotoUrl(alert.author.profilePhotoKey) }
      : alert.iotDevice && { name: alert.iotDevice.name, profilePhoto: null },
  };
}

export type AlertListItem = Awaited<ReturnType<typeof alertListItem>>;
