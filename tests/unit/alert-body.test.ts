import { describe, it, expect } from '@jest/globals';
import { alertBody, draftBody, severityFor } from '@/lib/alerts/alert-body';
import { alertTarget, hasArea, namesPeople, teamsWereChosen } from '@/lib/targeting/alert-target';
import { assertTargetChosen } from '@/lib/targeting/validate-target';

const teamId = '3f1c0c55-6d0b-4f34-9a3e-6f0a3c1d2e4f';
const circle = { type: 'circle', center: { lat: 59.9, lng: 10.7 }, radius: 100 };

function targetError(target: unknown) {
  try {
    assertTargetChosen(alertTarget.parse(target));
  } catch (error) {
    const { status, messages, details } = error as { status: number; messages: string[]; details: { code?: string } };
    return { status, messages, code: details.code };
  }
  return null;
}

describe('alertTarget', () => {
  it('fills the contract defaults and stores a blank area name as none', () => {
    expect(alertTarget.parse({ adHocLocation: { name: '  ', geofence: circle } })).toEqual({
      company: false,
      teams: [],
      users: [],
      devices: [],
      locations: [],
      adHocLocation: { name: null, geofence: circle },
    });
    expect(alertTarget.parse({ adHocLocation: { name: ' Yard ', geofence: circle } }).adHocLocation?.name).toBe('Yard');
  });

  it('tells whether the request named teams, without putting that into the target', () => {
    const named = alertTarget.parse({ teams: [] });
    expect(teamsWereChosen(named)).toBe(true);
    expect(JSON.parse(JSON.stringify(named))).toEqual({
      company: false,
      teams: [],
      users: [],
      devices: [],
      locations: [],
      adHocLocation: null,
    });
    expect(teamsWereChosen(alertTarget.parse({}))).toBe(false);
  });

  it('knows whether people and areas are chosen', () => {
    expect(namesPeople(alertTarget.parse({ teams: [teamId] }))).toBe(true);
    expect(namesPeople(alertTarget.parse({ locations: [teamId] }))).toBe(false);
    expect(hasArea(alertTarget.parse({ locations: [teamId] }))).toBe(true);
    expect(hasArea(alertTarget.parse({ company: true }))).toBe(false);
  });
});

describe('assertTargetChosen (spec §5)', () => {
  it.each([
    [{}, 'missingTarget', 'Recipients is required'],
    [{ company: false, users: [] }, 'missingTarget', 'Recipients is required'],
    [{ teams: [] }, 'missingTeams', 'Teams is required'],
    [{ teams: [], users: [] }, 'missingTeams', 'Teams is required'],
  ])('refuses %j', (target, code, message) => {
    expect(targetError(target)).toEqual({ status: 400, messages: [message], code });
  });

  it.each([
    [{ company: true }],
    [{ teams: [teamId] }],
    [{ teams: [], users: [teamId] }],
    [{ teams: [], adHocLocation: { geofence: circle } }],
    [{ locations: [teamId] }],
  ])('accepts %j', (target) => expect(targetError(target)).toBeNull());
});

describe('alert and draft bodies', () => {
  const valid = { title: ' Fire ', message: ' Get out ', channels: ['push'], target: { company: true } };

  it('trims and fills defaults for a send', () => {
    expect(alertBody.parse(valid)).toMatchObject({
      title: 'Fire',
      message: 'Get out',
      attachments: [],
      simulationMode: false,
      position: null,
    });
  });

  it('refuses repeated channels and no channel, but a draft may have none', () => {
    expect(alertBody.safeParse({ ...valid, channels: ['sms', 'sms'] }).success).toBe(false);
    expect(alertBody.safeParse({ ...valid, channels: [] }).success).toBe(false);
    expect(draftBody.parse({})).toMatchObject({
      title: '',
      message: '',
      channels: [],
      target: { company: false, teams: [] },
    });
  });

  it('takes the severities of each route', () => {
    expect(severityFor('alert', undefined)).toBe('alert');
    expect(severityFor('alert', 'urgentAlert')).toBe('urgentAlert');
    expect(severityFor('alarm', undefined)).toBe('alarm');
    expect(() => severityFor('alarm', 'alert')).toThrow('severity is not valid');
    expect(() => severityFor('alert', 'alarm')).toThrow('severity is not valid');
  });
});
