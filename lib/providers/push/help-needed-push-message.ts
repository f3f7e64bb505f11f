import { fcmNoticeMessage, webPushNoticeMessage } from './notice-push-message';
import type { HelpNeededPush } from './push-types';
import type { HelpNeededPushData, HelpNeededWebPushPayload } from './web-push-payload';

/** Someone needs help now: the push services keep the notice an hour at most (past that the e-mail has it). */
const TTL_SECONDS = 60 * 60;

const tagOf = (help: HelpNeededPush) => `help-${help.alertId}-${help.personId}` as const;

/** What the app reads from a "needs help" notice (FCM data values are strings). */
export function helpNeededPushData(help: HelpNeededPush): HelpNeededPushData & Record<string, string> {
  return {
    type: 'helpNeeded',
    alertId: help.alertId,
    companyId: help.companyId,
    personName: help.personName,
    alertTitle: help.alertTitle,
  };
}

/** Shown like an alarm; a later notice about the same person and alert replaces the one on screen. */
function helpNotice(help: HelpNeededPush): HelpNeededWebPushPayload & { data: Record<string, string> } {
  return {
    title: `${help.personName} needs help`,
    body: help.alertTitle,
    tag: tagOf(help),
    data: helpNeededPushData(help),
  };
}

export const fcmHelpNeededMessage = (token: string, help: HelpNeededPush) =>
  fcmNoticeMessage(token, helpNotice(help), TTL_SECONDS);

/** The Web Push message of a notice; its topic (at most 32 characters) is the person, so a newer one replaces it. */
export const webPushHelpNeededMessage = (help: HelpNeededPush) =>
  webPushNoticeMessage(helpNotice(help), TTL_SECONDS, help.personId.replaceAll('-', ''));
