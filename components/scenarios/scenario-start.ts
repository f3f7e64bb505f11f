import type { Position } from '@/components/ui/use-my-position';
import type { Scenario, ScenarioStartBody } from './scenario-api';

// The scenario start form as plain data (spec §5) and the body that starts a scenario. Pure: no React,
// unit-tested in tests/unit/scenario-start.test.ts.

/** Spec §5: the title and message of a scenario start, trimmed. */
export const START_TITLE = { min: 3, max: 50 } as const;
export const START_MESSAGE = { min: 3, max: 1_500 } as const;

/** The emblem (and type name) of the alert a scenario sends: 1 is an alarm, 2 an urgent alert. */
export function scenarioAlertType(scenario: Pick<Scenario, 'alertType'>): 'alarm' | 'urgentAlert' {
  return scenario.alertType === 1 ? 'alarm' : 'urgentAlert';
}

/** Whether a text is longer than `max` once trimmed (the lower bound is the generic field rule's). */
export function isTooLong(value: string, max: number): boolean {
  return value.trim().length > max;
}

/** The start body: the trimmed texts, and the sender's position when the scenario includes it and it is known. */
export function startBody(title: string, message: string, position: Position | null): ScenarioStartBody {
  return { alertTitle: title.trim(), alertBody: message.trim(), ...(position ? { position } : {}) };
}
