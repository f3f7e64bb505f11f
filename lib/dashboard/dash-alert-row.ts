import { shownAlertType } from '@/lib/alerts/shown-alert-type';
import { storedResponseOptions } from '@/lib/answers/response-options';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AlertStatus, AlertType } from '@/lib/generated/prisma/enums';
import { profilePhotoUrl } from '@/lib/me/profile-photo-url';

/** An alert as the dashboard's latest alerts are read: what the card shows, and its author (null without one). */
export interface LatestAlert {
  id: string;
  sentAt: Date | null;
  title: string;
  message: string;
  type: AlertType;
  status: AlertStatus;
  isLocationRestricted: boolean;
  containsAuthorLocation: boolean;
  responseOptions: unknown;
  author: { name: string; profilePhotoKey: string | null } | null;
}

/** What an alert query selects for a LatestAlert. */
export const LATEST_ALERT_SELECT = {
  id: true,
  sentAt: true,
  title: true,
  message: true,
  type: true,
  status: true,
  isLocationRestricted: true,
  containsAuthorLocation: true,
  responseOptions: true,
  author: { select: { name: true, profilePhotoKey: true } },
} satisfies Prisma.AlertSelect;

/** A row of the dashboard's latest alerts as answered (GET /api/dash/alerts) and as a live event carries it. */
export async function dashAlertRow(alert: LatestAlert) {
  return {
    id: alert.id,
    created: alert.sentAt!.toISOString(),
    title: alert.title,
    message: alert.message,
    user: alert.author
      ? { name: alert.author.name, profilePhoto: await profilePhotoUrl(alert.author.profilePhotoKey) }
      : null,
    alertType: shownAlertType(alert.type),
    status: alert.status,
    isLocationRestricted: alert.isLocationRestricted,
    containsAuthorLocation: alert.containsAuthorLocation,
    /** It asks people to answer: the dashboard's answers card takes it on. */
    asksAnswers: storedResponseOptions(alert.responseOptions).length > 0,
  };
}

export type DashAlertRow = Awaited<ReturnType<typeof dashAlertRow>>;
