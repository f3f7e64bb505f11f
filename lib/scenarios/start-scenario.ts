import { z } from 'zod';
import { alertBody, type AlertBody } from '@/lib/alerts/alert-body';
import { sendAlert } from '@/lib/alerts/send-alert';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Scenario } from '@/lib/generated/prisma/client';
import { findScenario } from './find-scenario';
import { scenarioText, scenarioTitle, type scenarioIdParams } from './scenario-fields';
import { hasValidTarget } from './scenario-view';

export const startScenarioBody = z.object({
  alertTitle: scenarioTitle,
  alertBody: scenarioText,
  position: z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      accuracy: z.number().min(0).nullish(),
    })
    .nullish(),
});

/**
 * One click: the scenario's alert goes out with the (possibly edited) title and text, to the scenario's target over its
 * channels, exactly like a sent alert. 400 `scenarioNoValidRecipients` when its target no longer picks anyone.
 */
export async function startScenario(
  ctx: Ctx,
  input: z.output<typeof startScenarioBody> & z.output<typeof scenarioIdParams>,
) {
  const scenario = await findScenario(ctx, input.id);
  if (!(await hasValidTarget(ctx.db, ctx, scenario.target))) {
    throw ApiError.badRequest('The scenario has no valid recipients').with({ code: 'scenarioNoValidRecipients' });
  }
  const body = scenarioAlertBody(scenario, {
    title: input.alertTitle,
    text: input.alertBody,
    position: input.position,
  });
  const kind = scenario.alertType === 'alarm' ? 'alarm' : 'alert';
  const { alertId } = await sendAlert(ctx, body, kind, { scenarioId: scenario.id });
  return { alertId };
}

/**
 * The alert a scenario starts: its severity, channels and target, with the given title and text, and the given position
 * when the scenario includes one.
 */
export function scenarioAlertBody(
  scenario: Scenario,
  { title, text, position }: { title: string; text: string; position?: StartPosition },
): AlertBody {
  return alertBody.parse({
    severity: scenario.alertType === 'alarm' ? 'alarm' : 'urgentAlert',
    title,
    message: text,
    channels: scenario.channels,
    target: scenario.target,
    position: scenario.includePosition ? (position ?? null) : null,
  });
}

type StartPosition = z.output<typeof startScenarioBody>['position'];
