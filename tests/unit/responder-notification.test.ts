import { describe, expect, it } from '@jest/globals';
import { readWebPushPayload } from '@/lib/providers/push/web-push-payload';
import { notificationForPush } from '@/lib/responder/notification-for-push';
import { ENGLISH_NOTIFICATION_LABELS } from '@/lib/responder/notification-labels';

const alarm = {
  title: 'Fire in building B',
  body: 'Leave now.',
  tag: 'a1',
  requireInteraction: true,
  data: { alertId: 'a1', type: 'alarm', receiptKey: 'r1' },
};

describe('the push payload the service worker reads', () => {
  it('reads an alert and a positioning request as the server writes them', () => {
    expect(readWebPushPayload(JSON.stringify(alarm))).toEqual(alarm);
    const positioning = {
      data: {
        type: 'positioningRequest',
        positioningId: 'p1',
        reason: 'Fire',
        askedBy: 'Kari',
        answerBy: '2026-12-05',
      },
    };
    expect(readWebPushPayload(JSON.stringify(positioning))).toEqual(positioning);
  });

  it.each([
    ['not JSON', '{'],
    ['no data', JSON.stringify({ title: 'x', body: 'y' })],
    ['an unknown type', JSON.stringify({ ...alarm, data: { ...alarm.data, type: 'party' } })],
    ['no title', JSON.stringify({ ...alarm, title: undefined })],
    ['nothing', undefined],
  ])('answers null for %s', (_case, text) => {
    expect(readWebPushPayload(text)).toBeNull();
  });
});

describe('the notification shown for a push', () => {
  it('names the severity, stays for an alarm, opens the alert to confirm it, with a Confirm button where possible', () => {
    const shown = notificationForPush(readWebPushPayload(JSON.stringify(alarm)), ENGLISH_NOTIFICATION_LABELS, true);
    expect(shown.title).toBe('Alarm: Fire in building B');
    expect(shown.options).toMatchObject({
      body: 'Leave now.',
      tag: 'a1',
      requireInteraction: true,
      data: { url: '/r/alerts/a1?confirm=1' },
      actions: [{ action: 'confirm', title: 'Confirm' }],
    });
    const ofCompany = notificationForPush(
      readWebPushPayload(JSON.stringify({ ...alarm, data: { ...alarm.data, companyId: 'c1' } })),
      ENGLISH_NOTIFICATION_LABELS,
      false,
    );
    expect(ofCompany.options.data.url).toBe('/r/alerts/a1?confirm=1&company=c1');
    const noActions = notificationForPush(
      readWebPushPayload(JSON.stringify(alarm)),
      ENGLISH_NOTIFICATION_LABELS,
      false,
    );
    expect(noActions.options.actions).toBeUndefined();
  });

  it('shows who asks for the position and why, and something for a push it cannot read', () => {
    const asked = notificationForPush(
      {
        data: { type: 'positioningRequest', positioningId: 'p1', reason: 'Fire drill', askedBy: 'Kari', answerBy: 'x' },
      },
      ENGLISH_NOTIFICATION_LABELS,
      true,
    );
    expect(asked.title).toBe('Your position is requested');
    expect(asked.options.body).toBe('Kari asks: Fire drill');
    expect(asked.options.data.url).toBe('/r/positionings/p1');
    const warning = notificationForPush(
      readWebPushPayload(
        JSON.stringify({
          title: 'x',
          body: 'y',
          tag: 'mission-m1',
          data: { type: 'missionWarning', missionId: 'm1', endTime: '2026-12-05T14:30:00Z' },
        }),
      ),
      { ...ENGLISH_NOTIFICATION_LABELS, locale: 'en-GB' },
      true,
    );
    expect(warning.title).toBe('Your mission ends soon');
    expect(warning.options).toMatchObject({ tag: 'mission-m1', requireInteraction: true, data: { url: '/r' } });
    expect(warning.options.body).toMatch(/^Your mission ends at \d{2}:\d{2}\. Extend or finish it/);
    const unknown = notificationForPush(null, ENGLISH_NOTIFICATION_LABELS, true);
    expect(unknown.options.body).toBe(ENGLISH_NOTIFICATION_LABELS.unknown);
    expect(unknown.options.data.url).toBe('/r');
  });
});
