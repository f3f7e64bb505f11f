import { describe, it, expect } from '@jest/globals';
import { draftPath, sendPath } from '@/components/alerts/alert-api';
import {
  alertBody,
  alertTarget,
  EMPTY_FORM,
  firstProblem,
  formFromDraft,
  formProblems,
  hasContent,
  missingRecipients,
  responseOptionsBody,
  type AlertForm,
  type DraftDetail,
} from '@/components/alert-form/alert-form';

const valid: AlertForm = {
  ...EMPTY_FORM,
  title: 'Fire drill',
  message: 'Leave by the east stairs',
  channels: ['push', 'sms'],
};
const square = {
  type: 'polygon' as const,
  points: [
    { lat: 59.9, lng: 10.7 },
    { lat: 59.9, lng: 10.8 },
    { lat: 59.8, lng: 10.8 },
  ],
};

describe('new alert form checks (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(formProblems(valid)).toEqual({});
  });

  it('needs a title and a message of at least 3 characters, not counting the spaces around them', () => {
    expect(formProblems({ ...valid, title: '  ', message: ' ab ' })).toEqual({
      title: { rule: 'required' },
      message: { rule: 'tooShort', min: 3 },
    });
    expect(formProblems({ ...valid, title: ' abc ' }).title).toBeUndefined();
  });

  it('needs at least one channel', () => {
    expect(formProblems({ ...valid, channels: [] })).toEqual({ channels: { rule: 'required' } });
  });

  it('needs somebody in the chosen kind of recipients', () => {
    expect(formProblems({ ...valid, mode: 'teams' })).toEqual({ recipients: { rule: 'required' } });
    expect(formProblems({ ...valid, mode: 'teams', teamIds: ['t1'] })).toEqual({});
    expect(formProblems({ ...valid, mode: 'users' }).recipients).toEqual({ rule: 'required' });
    expect(formProblems({ ...valid, mode: 'locations' }).recipients).toEqual({ rule: 'required' });
    expect(formProblems({ ...valid, mode: 'area' }).recipients).toEqual({ rule: 'required' });
    expect(formProblems({ ...valid, mode: 'area', area: square }).recipients).toBeUndefined();
    // Teams chosen earlier do not count once another kind is picked.
    expect(formProblems({ ...valid, mode: 'users', teamIds: ['t1'] }).recipients).toEqual({ rule: 'required' });
  });

  it('teams or people narrowed to locations need a location too, and say which is missing', () => {
    const team = { ...valid, mode: 'teams' as const, teamIds: ['t1'], onlyAtLocations: true };
    expect(missingRecipients(team)).toBe('locations');
    expect(formProblems(team)).toEqual({ recipients: { rule: 'required' } });
    expect(missingRecipients({ ...team, locationIds: ['l1'] })).toBeNull();
    expect(missingRecipients({ ...team, teamIds: [] })).toBe('teams');
    expect(missingRecipients({ ...valid, mode: 'users', onlyAtLocations: true })).toBe('users');
    // The narrowing belongs to teams and people: it does not hold back the whole company or a drawn area.
    expect(missingRecipients({ ...valid, onlyAtLocations: true })).toBeNull();
    expect(missingRecipients({ ...valid, mode: 'area', area: square, onlyAtLocations: true })).toBeNull();
  });

  it('names the first wrong field in the order of the page', () => {
    expect(firstProblem(formProblems({ ...valid, channels: [], mode: 'teams', message: '' }))).toBe('message');
    expect(firstProblem(formProblems({ ...valid, channels: [], mode: 'teams' }))).toBe('recipients');
    expect(firstProblem({})).toBeUndefined();
  });
});

describe('response options', () => {
  it('need words on an option of kind other, not on a default one', () => {
    expect(formProblems({ ...valid, responseOptions: [{ kind: 'safe' }, { kind: 'needsHelp', label: ' ' }] })).toEqual(
      {},
    );
    const unnamed = { ...valid, responseOptions: [{ kind: 'safe' as const }, { kind: 'other' as const, label: '  ' }] };
    expect(formProblems(unnamed)).toEqual({ responseOptions: { rule: 'required' } });
    expect(firstProblem(formProblems({ ...unnamed, channels: [] }))).toBe('channels');
  });

  it('are sent trimmed, a blank label being the default words', () => {
    expect(
      responseOptionsBody([
        { kind: 'safe', label: '  ' },
        { kind: 'needsHelp', label: ' Send help ' },
        { kind: 'other', label: 'At home' },
      ]),
    ).toEqual([{ kind: 'safe' }, { kind: 'needsHelp', label: 'Send help' }, { kind: 'other', label: 'At home' }]);
  });
});

describe('new alert bodies (contract-alerts.md [A])', () => {
  it('sends one kind of recipients: the chosen one', () => {
    const everything = {
      ...valid,
      teamIds: ['t1'],
      people: [{ userId: 'u1', name: 'Ann' }],
      locationIds: ['l1'],
      area: square,
      areaName: ' Depot ',
    };
    expect(alertTarget({ ...everything, mode: 'company' })).toEqual({ company: true });
    expect(alertTarget({ ...everything, mode: 'teams' })).toEqual({ teams: ['t1'] });
    expect(alertTarget({ ...everything, mode: 'users' })).toEqual({ users: ['u1'] });
    expect(alertTarget({ ...everything, mode: 'locations' })).toEqual({ locations: ['l1'] });
    expect(alertTarget({ ...everything, mode: 'area' })).toEqual({
      adHocLocation: { name: 'Depot', geofence: square },
    });
    expect(alertTarget({ ...everything, mode: 'area', areaName: '  ' })).toEqual({
      adHocLocation: { name: '', geofence: square },
    });
    expect(alertTarget({ ...valid, mode: 'area' })).toEqual({});
  });

  it('sends teams or people with the chosen locations when narrowed to them, and only then', () => {
    const narrowed = { ...valid, teamIds: ['t1'], people: [{ userId: 'u1', name: 'Ann' }], locationIds: ['l1'] };
    expect(alertTarget({ ...narrowed, mode: 'teams', onlyAtLocations: true })).toEqual({
      teams: ['t1'],
      locations: ['l1'],
    });
    expect(alertTarget({ ...narrowed, mode: 'users', onlyAtLocations: true })).toEqual({
      users: ['u1'],
      locations: ['l1'],
    });
    expect(alertTarget({ ...narrowed, mode: 'teams', onlyAtLocations: false })).toEqual({ teams: ['t1'] });
    expect(alertTarget({ ...narrowed, mode: 'company', onlyAtLocations: true })).toEqual({ company: true });
  });

  it('trims the texts and carries the position, uploads and draft id', () => {
    const body = alertBody(
      { ...valid, title: ' Fire ', severity: 'alarm', simulationMode: true },
      { position: { lat: 1, lng: 2, accuracy: 5 }, uploads: [{ key: 'k', name: 'map.pdf' }], draftId: 'd1' },
    );
    expect(body).toEqual({
      severity: 'alarm',
      title: 'Fire',
      message: 'Leave by the east stairs',
      channels: ['push', 'sms'],
      target: { company: true },
      position: { lat: 1, lng: 2, accuracy: 5 },
      attachments: [{ key: 'k', name: 'map.pdf' }],
      responseOptions: [],
      simulationMode: true,
      draftId: 'd1',
    });
    expect(alertBody(valid, { position: null, uploads: [], draftId: null })).not.toHaveProperty('draftId');
  });

  it('posts alarms to the alarm endpoints, alerts and urgent alerts to the alert ones', () => {
    expect([sendPath('alert'), sendPath('urgentAlert'), sendPath('alarm')]).toEqual([
      '/api/alerts/alert',
      '/api/alerts/alert',
      '/api/alerts/alarm',
    ]);
    expect([draftPath('urgentAlert'), draftPath('alarm')]).toEqual([
      '/api/alerts/alertDraft',
      '/api/alerts/alarmDraft',
    ]);
  });
});

describe('reopening a draft', () => {
  const target: DraftDetail['target'] = {
    company: false,
    teams: [],
    users: [],
    devices: [],
    locations: [],
    adHocLocation: null,
  };
  const draft = (change: Partial<DraftDetail>): DraftDetail => ({
    severity: 'urgentAlert',
    title: 'T',
    message: 'M',
    channels: ['sms'],
    simulationMode: true,
    target,
    responseOptions: [],
    ...change,
  });

  it('fills the form and picks the mode from the saved target', () => {
    const form = formFromDraft(draft({ target: { ...target, teams: [{ id: 't1', name: 'Night shift' }] } }));
    expect(form).toMatchObject({
      severity: 'urgentAlert',
      title: 'T',
      message: 'M',
      channels: ['sms'],
      simulationMode: true,
      mode: 'teams',
      teamIds: ['t1'],
    });
    expect(formFromDraft(draft({ target: { ...target, users: [{ userId: 'u1', name: 'Ann' }] } }))).toMatchObject({
      mode: 'users',
      people: [{ userId: 'u1', name: 'Ann' }],
    });
    expect(
      formFromDraft(draft({ target: { ...target, adHocLocation: { name: null, geofence: square } } })),
    ).toMatchObject({ mode: 'area', area: square, areaName: '' });
    expect(formFromDraft(draft({ target: { ...target, company: true } })).mode).toBe('company');
    const site = { locationId: 'l1', name: 'Main site', geofence: square };
    const teamAtSite = { ...target, teams: [{ id: 't1', name: 'Night shift' }], locations: [site] };
    expect(formFromDraft(draft({ target: teamAtSite }))).toMatchObject({
      mode: 'teams',
      locationIds: ['l1'],
      onlyAtLocations: true,
    });
    expect(formFromDraft(draft({ target: { ...target, locations: [site] } }))).toMatchObject({
      mode: 'locations',
      onlyAtLocations: false,
    });
    expect(formFromDraft(draft({ severity: 'sos' })).severity).toBe('alert');
  });

  it('reopens the response options, a default option without words', () => {
    const form = formFromDraft(
      draft({
        responseOptions: [
          { option: 1, kind: 'safe', label: null },
          { option: 2, kind: 'other', label: 'At home' },
        ],
      }),
    );
    expect(form.responseOptions).toEqual([{ kind: 'safe' }, { kind: 'other', label: 'At home' }]);
    expect(hasContent({ ...EMPTY_FORM, responseOptions: form.responseOptions })).toBe(true);
  });

  it('knows when the form holds something worth keeping', () => {
    expect(hasContent(EMPTY_FORM)).toBe(false);
    expect(hasContent({ ...EMPTY_FORM, message: 'x' })).toBe(true);
    expect(hasContent({ ...EMPTY_FORM, area: square })).toBe(true);
  });
});
