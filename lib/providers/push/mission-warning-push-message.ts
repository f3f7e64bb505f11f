import { now } from '@/lib/clock';
import { fcmNoticeMessage, webPushNoticeMessage } from './notice-push-message';
import type { MissionWarningPush } from './push-types';
import type { MissionWarningPushData, MissionWarningWebPushPayload } from './web-push-payload';

/** Even a warning sent at the last moment gets this long at the push service. */
const MIN_TTL_SECONDS = 60;

/** Past the end time the warning is pointless (the alarm is out), so the push services keep it until then. */
function ttlSeconds(warning: MissionWarningPush): number {
  return Math.max(MIN_TTL_SECONDS, Math.ceil((Date.parse(warning.endTime) - now().getTime()) / 1000));
}

const tagOf = (warning: MissionWarningPush) => `mission-${warning.missionId}` as const;

/** What the app reads from a mission warning (FCM data values are strings). */
export function missionWarningPushData(warning: MissionWarningPush): MissionWarningPushData & Record<string, string> {
  return { type: 'missionWarning', missionId: warning.missionId, endTime: warning.endTime };
}

/** A warning is shown like an alert; a warning sent again (a later end time's) replaces the one waiting or shown. */
function warningNotice(warning: MissionWarningPush): MissionWarningWebPushPayload & { data: Record<string, string> } {
  return {
    title: 'Your mission ends soon',
    body: 'Extend or finish your mission, or the alarm goes out at its end time.',
    tag: tagOf(warning),
    data: missionWarningPushData(warning),
  };
}

/** The FCM message of a mission warning, kept until the end time. */
export const fcmMissionWarningMessage = (token: string, warning: MissionWarningPush) =>
  fcmNoticeMessage(token, warningNotice(warning), ttlSeconds(warning));

/** The Web Push message of a mission warning; its topic is the mission (its uuid without dashes: 32 characters). */
export const webPushMissionWarningMessage = (warning: MissionWarningPush) =>
  webPushNoticeMessage(warningNotice(warning), ttlSeconds(warning), warning.missionId.replaceAll('-', ''));
