import { z } from 'zod';
import { alertBody, type AlertBody } from '@/lib/alerts/alert-body';
import { storedResponseOptions } from '@/lib/answers/response-options';
import { sendAlert } from '@/lib/alerts/send-alert';
import { ApiError } from '@/lib/api-error';
import type { Ctx } from '@/lib/context';
import type { Scenario } from '@/lib/generated/prisma/client';
import { findScenario } from './find-scenario';
import { scenarioText, scenarioTitle, type scenarioIdParams } from './scenario-fields';
import { copyScenarioAttachments } from './scenario-attachments';
import { hasValidTarget } from './scenario-view';

export const startPosition = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).nullish(),
});

export type StartPosition = z.output<typeof startPosition>;

export const startScenarioBody = z.object({
  alertTitle: scenarioTitle,
  alertBody: scenarioText,
  position: startPosition.nullish(),
});

/**
 * The alert a started scenario sends: its severity, channels and target, the given title and text, and the given position
 * only when the scenario includes one. Pure: whoever starts a scenario (a person, the app, a Flic button) builds it here.
 */
export function scenarioAlertBody(
  scenario: Pick<Scenario, 'alertType' | 'channels' | 'target' | 'includePosition' | 'responseOptions'>,
  { title, text, position }: { title: string; text: string; position?: StartPosition | null },
): AlertBody {
  return alertBody.parse({
    severity: scenario.alertType === 'alarm' ? 'alarm' : 'urgentAlert',
    title,
    message: text,
    channels: scenario.channels,
    target: scenario.target,
    position: scenario.includePosition ? (position ?? null) : null,
    responseOptions: storedResponseOptions(scenario.responseOptions),
  });
}

/**
 * One click: the scenario's alert goes out with the (possibly edited) title and text, to the scenario's target over its
 * channels, exactly like a sent alert, carrying copies of the scenario's files. 400 `scenarioNoValidRecipients` when its
 * target no longer picks anyone.
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
  const files = await copyScenarioAttachments(ctx, scenario.id);
  try {
    const { alertId } = await sendAlert(
      ctx,
      { ...body, attachments: files.uploads },
      scenario.alertType === 'alarm' ? 'alarm' : 'alert',
      { scenarioId: scenario.id },
    );
    return { alertId };
  } catch (error) {
    await files.discard();
    throw error;
  }
}
