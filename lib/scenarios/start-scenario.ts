import { z } from 'zod';
import { alertBody, type AlertBody } from '@/lib/alerts/alert-body';
import { sendAlert } from '@/lib/alerts/send-alert';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
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
  const alarm = scenario.alertType === 'alarm';
  const body: AlertBody = alertBody.parse({
    severity: alarm ? 'alarm' : 'urgentAlert',
    title: input.alertTitle,
    message: input.alertBody,
    channels: scenario.channels,
    target: scenario.target,
    position: scenario.includePosition ? (input.position ?? null) : null,
  });
  const { alertId } = await sendAlert(ctx, body, alarm ? 'alarm' : 'alert', { scenarioId: scenario.id });
  return { alertId };
}
