import { describe, it, expect } from '@jest/globals';
import { missionWarningTime } from '@/lib/missions/mission-warning-time';
import { readWebPushPayload } from '@/lib/providers/push/web-push-payload';

const MINUTE = 60_000;
const start = new Date('2026-12-05T08:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('the mission warning time', () => {
  it('is 10 minutes before the end time of a mission of 20 minutes or more', () => {
    expect(missionWarningTime({ startedAt: start, endTime: at(120 * MINUTE) }, start)).toEqual(at(110 * MINUTE));
    expect(missionWarningTime({ startedAt: start, endTime: at(20 * MINUTE) }, start)).toEqual(at(10 * MINUTE));
  });

  it('is halfway through a mission shorter than 20 minutes', () => {
    expect(missionWarningTime({ startedAt: start, endTime: at(19 * MINUTE) }, start)).toEqual(at(9.5 * MINUTE));
    expect(missionWarningTime({ startedAt: start, endTime: at(2 * MINUTE) }, start)).toEqual(at(MINUTE));
    expect(missionWarningTime({ startedAt: start, endTime: at(6_001) }, start)).toEqual(at(3_001));
  });

  it('counts the length from the start when the end time moved, and is none once that moment has passed', () => {
    // Started 2 hours ago, moved to 5 minutes from now: 10 minutes before the end is already past.
    const now = at(120 * MINUTE);
    expect(missionWarningTime({ startedAt: start, endTime: at(125 * MINUTE) }, now)).toBeNull();
    expect(missionWarningTime({ startedAt: start, endTime: at(140 * MINUTE) }, now)).toEqual(at(130 * MINUTE));
    // A short mission moved a minute ahead right after its start: halfway through its new length.
    expect(missionWarningTime({ startedAt: start, endTime: at(62_000) }, at(2_000))).toEqual(at(31_000));
    expect(missionWarningTime({ startedAt: start, endTime: at(2 * MINUTE) }, at(MINUTE))).toBeNull();
  });
});

describe('the mission warning push payload', () => {
  const missionId = '0b6f2f43-8a57-4a8e-9f55-1e3f0f1f6a11';
  const warning = {
    title: 'Your mission ends soon',
    body: 'Extend or finish your mission, or the alarm goes out at its end time.',
    tag: `mission-${missionId}`,
    data: { type: 'missionWarning', missionId, endTime: '2026-12-05T08:10:00.000Z' },
  };

  it('is read as sent, its tag named by the mission', () => {
    expect(readWebPushPayload(JSON.stringify(warning))).toEqual(warning);
    expect(readWebPushPayload(JSON.stringify({ ...warning, tag: 'other' }))).toEqual(warning);
  });

  it('is not ours without a mission id or end time', () => {
    expect(readWebPushPayload(JSON.stringify({ ...warning, data: { ...warning.data, missionId: '' } }))).toBeNull();
    expect(readWebPushPayload(JSON.stringify({ ...warning, data: { type: 'missionWarning', missionId } }))).toBeNull();
  });
});
