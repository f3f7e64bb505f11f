import { describe, it, expect } from '@jest/globals';
import type { ScenarioDetail } from '@/components/scenarios/scenario-api';
import {
  EMPTY_SCENARIO,
  scenarioFormFrom,
  scenarioProblems,
  scenarioSaveBody,
} from '@/components/scenarios/scenario-form';

const saved = {
  id: 'b3c1f0a4-4f3e-4c65-9d6f-3a3c1f2a9e10',
  name: 'Night call',
  description: null,
  alertType: 2,
  alertData: {
    title: 'Night call',
    body: 'Call the guard now.',
    target: { teams: ['t1'] },
    responseOptions: [{ kind: 'safe' }, { kind: 'other', label: 'At the gate' }],
  },
  channels: ['push', 'sms'],
  includePosition: true,
  hasValidTarget: true,
  sortIndex: 0,
  folderId: 'f1',
  attachments: [],
  attachmentKeys: [],
  targetDetail: {
    company: false,
    teams: [{ id: 't1', name: 'Guards' }],
    users: [],
    devices: [],
    locations: [],
    adHocLocation: null,
  },
} as unknown as ScenarioDetail;

describe('scenario form', () => {
  it('asks for a name of at least 3 characters besides the alert rules', () => {
    expect(scenarioProblems(EMPTY_SCENARIO)).toEqual({
      name: { rule: 'required' },
      title: { rule: 'required' },
      message: { rule: 'required' },
    });
    expect(scenarioProblems({ ...EMPTY_SCENARIO, name: 'Fi', title: 'Fire', message: 'Leave now' })).toEqual({
      name: { rule: 'tooShort', min: 3 },
    });
  });

  it('fills the form from a saved scenario and sends it back unchanged', () => {
    const form = scenarioFormFrom(saved);
    expect(form).toMatchObject({ severity: 'urgentAlert', mode: 'teams', teamIds: ['t1'], folderId: 'f1' });
    expect(scenarioSaveBody(form, [{ key: 'k', name: 'plan.pdf' }])).toEqual({
      name: 'Night call',
      description: null,
      alertType: 2,
      alertData: {
        title: 'Night call',
        body: 'Call the guard now.',
        target: { teams: ['t1'] },
        responseOptions: [{ kind: 'safe' }, { kind: 'other', label: 'At the gate' }],
      },
      channels: ['push', 'sms'],
      includePosition: true,
      folderId: 'f1',
      attachments: [{ key: 'k', name: 'plan.pdf' }],
    });
  });

  it('sends an alarm as type 1 with trimmed texts', () => {
    const body = scenarioSaveBody({ ...EMPTY_SCENARIO, name: ' Fire ', title: ' Fire ', message: ' Out ' }, []);
    expect(body).toMatchObject({ name: 'Fire', alertType: 1, alertData: { title: 'Fire', body: 'Out' } });
    expect(body.alertData.target).toEqual({ company: true });
  });
});
