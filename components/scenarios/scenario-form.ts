import {
  alertTarget,
  EMPTY_FORM,
  formProblems,
  recipientsFromTarget,
  responseOptionsBody,
  storedOptions,
  type AlertForm,
  type FormProblems,
  type Severity,
  type UploadedAttachment,
} from '@/components/alert-form/alert-form';
import type { ScenarioDetail, ScenarioSaveBody } from './scenario-api';

// The scenario edit form as plain data: the alert part is the /newAlert form's (severity, texts, recipients, channels),
// plus the scenario's own fields. Pure: unit-tested in tests/unit/scenario-form.test.ts.

/** Spec §3: a scenario sends an alarm (1) or an urgent alert (2). */
export const SCENARIO_SEVERITIES: readonly Severity[] = ['alarm', 'urgentAlert'];
/** Spec §5 / §9: a scenario's title and body. */
export const SCENARIO_LIMITS = { title: 50, message: 1_500 } as const;
export const NAME_LIMITS = { min: 3, max: 100 } as const;

export interface ScenarioForm extends AlertForm {
  name: string;
  description: string;
  folderId: string | null;
  includePosition: boolean;
}

export const EMPTY_SCENARIO: ScenarioForm = {
  ...EMPTY_FORM,
  severity: 'alarm',
  name: '',
  description: '',
  folderId: null,
  includePosition: false,
};

export type ScenarioProblems = FormProblems & { name?: { rule: 'required' } | { rule: 'tooShort'; min: number } };

export function scenarioProblems(form: ScenarioForm): ScenarioProblems {
  const problems: ScenarioProblems = formProblems(form);
  const name = form.name.trim();
  if (!name) problems.name = { rule: 'required' };
  else if (name.length < NAME_LIMITS.min) problems.name = { rule: 'tooShort', min: NAME_LIMITS.min };
  return problems;
}

/** The form filled from a saved scenario (its target with names). */
export function scenarioFormFrom(scenario: ScenarioDetail): ScenarioForm {
  return {
    ...EMPTY_SCENARIO,
    severity: scenario.alertType === 1 ? 'alarm' : 'urgentAlert',
    title: scenario.alertData.title,
    message: scenario.alertData.body,
    channels: [...scenario.channels],
    ...recipientsFromTarget(scenario.targetDetail),
    responseOptions: storedOptions(scenario.alertData.responseOptions),
    name: scenario.name,
    description: scenario.description ?? '',
    folderId: scenario.folderId,
    includePosition: scenario.includePosition,
  };
}

/** The create / change body: the scenario's files are those kept plus the new uploads. */
export function scenarioSaveBody(form: ScenarioForm, attachments: UploadedAttachment[]): ScenarioSaveBody {
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    alertType: form.severity === 'alarm' ? 1 : 2,
    alertData: {
      title: form.title.trim(),
      body: form.message.trim(),
      target: alertTarget(form),
      responseOptions: responseOptionsBody(form.responseOptions),
    },
    channels: form.channels,
    includePosition: form.includePosition,
    folderId: form.folderId,
    attachments,
  };
}
