import { sendAlert } from '@/lib/alerts/send-alert';
import { ApiError } from '@/lib/api-error';
import { env } from '@/lib/env';
import type { IotAction, IotPressResult } from '@/lib/generated/prisma/enums';
import { redis } from '@/lib/redis';
import { hasValidTarget } from '@/lib/scenarios/scenario-view';
import { copyScenarioAttachments } from '@/lib/scenarios/scenario-attachments';
import { scenarioAlertBody } from '@/lib/scenarios/start-scenario';
import { takeAllowance, THROTTLES } from '@/lib/throttle/take-allowance';
import { type ButtonCtx, iotHeadersMissing } from './button-code-auth';
import { IOT_ACTIONS } from './iot-device-fields';

/** Presses of the same action of a button within this window start one alert: hubs retry a request they think lost. */
const IOT_PRESS_WINDOW_MS = 5_000;

const SCENARIO_OF = { click: 'clickScenario', hold: 'holdScenario', doubleclick: 'doubleClickScenario' } as const;
const REQUIRED_FEATURES = ['scenario', 'flicHub'] as const;

/**
 * POST /api/iot/events, from a Flic Hub: the `code` header names the button (and so its company: `auth: 'buttonCode'`,
 * lib/iot/button-code-auth.ts, 400 without it and 404 for a code no button has), the `action` header the press. The
 * action's scenario starts as an alert sent by the button, through the normal delivery. Every press of a known button
 * is recorded with what it did. 400 for a missing action header or an unknown action; 403 when the company lacks the
 * features; 429 past the button's rate limit; 400 `scenarioNoValidRecipients` when the scenario's target picks nobody.
 */
export async function receiveIotPress(ctx: ButtonCtx, input: { action: string | null }) {
  const action = input.action?.trim().toLowerCase();
  if (!action) throw iotHeadersMissing();
  if (!isIotAction(action)) {
    throw ApiError.badRequest('The action header must be click, hold or doubleclick').with({
      code: 'iotActionInvalid',
    });
  }
  const { button: device } = ctx;
  const { company } = device;
  const scenarios = await ctx.db.iotDevice.findUnique({
    where: { id: device.id },
    select: { clickScenario: true, holdScenario: true, doubleClickScenario: true },
  });
  if (!scenarios) throw ApiError.notFound('The IoT device');
  const scenario = scenarios[SCENARIO_OF[action]];
  const record = async (result: IotPressResult, alertId: string | null = null) => {
    await ctx.db.$transaction([
      ctx.db.iotPress.create({
        data: { companyId: company.id, iotDeviceId: device.id, action, result, alertId, createdAt: ctx.now },
      }),
      ctx.db.iotDevice.update({ where: { id: device.id }, data: { lastEventAt: ctx.now } }),
    ]);
    return { result, alertId };
  };

  if (!REQUIRED_FEATURES.every((feature) => company.features.includes(feature))) {
    await record('featureDisabled');
    throw ApiError.forbidden('This feature is not enabled for your company');
  }
  const claim = await claimPress(device.id, action);
  if (claim === 'duplicate') return record('duplicate');
  if (claim === 'inProgress') {
    await record('duplicate');
    throw new ApiError(409, ['This press is still being handled. Ask again in a moment'], {
      'Retry-After': String(IN_PROGRESS_RETRY_SECONDS),
    }).with({ code: 'iotPressInProgress' });
  }

  if (!scenario) return closePress(device.id, action, () => record('noScenario'));
  try {
    await takeAllowance([{ rule: THROTTLES.iotButtonStarts, subject: device.id }]);
  } catch (error) {
    await closePress(device.id, action, () => record('rateLimited'));
    throw error;
  }
  if (!(await hasValidTarget(ctx.db, { company }, scenario.target))) {
    await closePress(device.id, action, () => record('invalidTarget'));
    throw ApiError.badRequest('The scenario has no valid recipients').with({ code: 'scenarioNoValidRecipients' });
  }
  const body = scenarioAlertBody(scenario, { title: scenario.title, text: scenario.body });
  const sender = { db: ctx.db, now: ctx.now, company, userId: null };
  let files: Awaited<ReturnType<typeof copyScenarioAttachments>> | null = null;
  let sent: { alertId: string };
  try {
    // The alert carries its own copies of the scenario's files, as when a person starts it.
    files = await copyScenarioAttachments(sender, scenario.id);
    sent = await sendAlert(
      sender,
      { ...body, attachments: files.uploads },
      body.severity === 'alarm' ? 'alarm' : 'alert',
      { scenarioId: scenario.id, iotDeviceId: device.id },
    );
  } catch (error) {
    await files?.discard();
    // Nothing was sent: the hub's retry of this press must start the alert, not count as its duplicate.
    await releasePressWindow(device.id, action);
    await record('failed');
    throw error;
  }
  return closePress(device.id, action, () => record('started', sent.alertId));
}

function isIotAction(value: string): value is IotAction {
  return (IOT_ACTIONS as readonly string[]).includes(value);
}

const pressWindowKey = (deviceId: string, action: IotAction) => `${env.QUEUE_PREFIX}:iot-press:${deviceId}:${action}`;

/**
 * A press is claimed for this long while it is handled (Redis SET NX, atomic over every web process): longer than any
 * send takes. If the process handling it dies, the claim runs out and the hub's next retry sends the press.
 */
const PRESS_LEASE_MS = 30_000;
const IN_PROGRESS_RETRY_SECONDS = 2;
const HANDLED = 'handled';

/**
 * first: this request handles the press. duplicate: the press was handled less than 5 seconds ago. inProgress: another
 * request is handling it now (or its process died with the claim): the hub should ask again.
 */
async function claimPress(deviceId: string, action: IotAction): Promise<'first' | 'duplicate' | 'inProgress'> {
  const key = pressWindowKey(deviceId, action);
  if ((await redis().set(key, 'claimed', 'PX', PRESS_LEASE_MS, 'NX')) === 'OK') return 'first';
  return (await redis().get(key)) === HANDLED ? 'duplicate' : 'inProgress';
}

/**
 * The press was handled: repeats of it within the 5-second window are its duplicates. Marked before `then` records it,
 * so a failure to record cannot let a retry send the press again.
 */
async function closePress<T>(deviceId: string, action: IotAction, then: () => Promise<T>): Promise<T> {
  await redis().set(pressWindowKey(deviceId, action), HANDLED, 'PX', IOT_PRESS_WINDOW_MS);
  return then();
}

async function releasePressWindow(deviceId: string, action: IotAction): Promise<void> {
  await redis().del(pressWindowKey(deviceId, action));
}
