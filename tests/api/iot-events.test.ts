import { describe, it, expect } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import { useDeliveryQueue } from '../helpers/queued-jobs';

// POST /api/iot/events: what a Flic Hub posts when a button is pressed (headers action and code, docs/flic.md), through
// the real server, Postgres and Redis.
const api = useApiTestContext();
const run = promisify(execFile);
const queues = useDeliveryQueue(api);

async function arrange() {
  const company = await createCompany(api.db, { features: ['scenario', 'flicHub'] });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const anna = await createMember(api.db, company.id, 'user', 'Anna Berg');
  const scenario = (name: string, alertType: 'alarm' | 'urgentAlert', target: object = { company: true }) =>
    api.db.scenario.create({
      data: {
        companyId: company.id,
        name,
        alertType,
        title: `${name} alert`,
        body: `${name}: leave the building`,
        channels: ['push', 'sms'],
        target,
      },
    });
  const fire = await scenario('Fire', 'alarm');
  const intruder = await scenario('Intruder', 'urgentAlert', { users: [anna.user.id] });
  const issued = await api.call('GET', '/api/iotDevices/code', { token: admin.token });
  const id = randomUUID();
  const paired = await api.call('PUT', `/api/iotDevices/${id}`, {
    token: admin.token,
    body: { name: 'Reception button', code: issued.body.code, clickScenarioId: fire.id, holdScenarioId: intruder.id },
  });
  expect(paired.status).toBe(200);
  return { company, admin, anna, fire, intruder, button: { id, code: issued.body.code as string } };
}

const press = (code: string | undefined, action: string | undefined) =>
  api.call('POST', '/api/iot/events', {
    headers: { ...(code === undefined ? {} : { code }), ...(action === undefined ? {} : { action }) },
  });

/** The press window of a button's action, as if its 5 seconds had passed. */
const forgetLastPress = (buttonId: string, action: string) =>
  queues.redis.del(`${api.server.queuePrefix}:iot-press:${buttonId}:${action}`);

const pressesOf = (buttonId: string) =>
  api.db.iotPress.findMany({ where: { iotDeviceId: buttonId }, orderBy: { createdAt: 'asc' } });

describe('POST /api/iot/events', () => {
  it("starts each action's scenario as an alert sent by the button, through the delivery engine", async () => {
    const { admin, anna, fire, intruder, button } = await arrange();
    const clicked = await press(button.code, 'click');
    expect(clicked.status).toBe(201);
    expect(clicked.body).toEqual({ result: 'started', alertId: expect.any(String) });
    const alarm = await api.db.alert.findUniqueOrThrow({ where: { id: clicked.body.alertId } });
    expect(alarm).toMatchObject({
      type: 'alarm',
      status: 'active',
      title: 'Fire alert',
      message: 'Fire: leave the building',
      channels: ['push', 'sms'],
      authorId: null,
      scenarioId: fire.id,
      iotDeviceId: button.id,
    });
    expect(await api.db.alertRecipient.count({ where: { alertId: alarm.id } })).toBe(2);
    expect(await api.db.receipt.count({ where: { alertId: alarm.id } })).toBe(4);
    expect((await queues.delivery.getJob(`dispatch-${alarm.id}`))?.data).toEqual({ alertId: alarm.id });

    const held = await press(button.code, 'HOLD');
    expect(held.status).toBe(201);
    const urgent = await api.db.alert.findUniqueOrThrow({ where: { id: held.body.alertId } });
    expect(urgent).toMatchObject({ type: 'urgentAlert', scenarioId: intruder.id, iotDeviceId: button.id });
    expect(await api.db.alertRecipient.findMany({ where: { alertId: urgent.id }, select: { userId: true } })).toEqual([
      { userId: anna.user.id },
    ]);

    // No scenario for a double click: recorded, nothing started.
    const doubled = await press(button.code, 'doubleclick');
    expect(doubled.status).toBe(200);
    expect(doubled.body).toEqual({ result: 'noScenario', alertId: null });

    // The button is the sender in the alert log and the alert details.
    const detail = await api.call('GET', `/api/alerts/${alarm.id}`, { token: admin.token });
    expect(detail.body).toMatchObject({ authorId: null, authorName: 'Reception button' });
    const log = await api.call('GET', '/api/alerts/all', { token: admin.token });
    const listed = log.body.items.find((item: { id: string }) => item.id === alarm.id);
    expect(listed.user).toEqual({ name: 'Reception button', profilePhoto: null });

    const device = await api.call('GET', `/api/iotDevices/${button.id}`, { token: admin.token });
    expect(device.body.lastEventAt).toEqual(expect.any(String));
    expect(
      device.body.presses.map((shown: { action: string; result: string; alertId: string | null }) => [
        shown.action,
        shown.result,
        shown.alertId,
      ]),
    ).toEqual([
      ['doubleclick', 'noScenario', null],
      ['hold', 'started', urgent.id],
      ['click', 'started', alarm.id],
    ]);
  });

  it('answers an unknown or removed code with the same 404, and records nothing', async () => {
    const { admin, button } = await arrange();
    const unknown = await press('x'.repeat(43), 'click');
    expect(unknown.status).toBe(404);
    expect(await api.call('DELETE', `/api/iotDevices/${button.id}`, { token: admin.token })).toMatchObject({
      status: 200,
    });
    const removed = await press(button.code, 'click');
    expect(removed.status).toBe(404);
    expect(removed.body).toEqual(unknown.body);
    expect(await api.db.iotPress.count({ where: { iotDeviceId: button.id } })).toBe(0);
  });

  it('answers 400 for a missing header or an unknown action', async () => {
    const { button } = await arrange();
    const cases: [string | undefined, string | undefined, string][] = [
      [undefined, 'click', 'iotHeadersMissing'],
      [button.code, undefined, 'iotHeadersMissing'],
      [undefined, undefined, 'iotHeadersMissing'],
      ['', 'click', 'iotHeadersMissing'],
      [button.code, 'tripleclick', 'iotActionInvalid'],
    ];
    for (const [code, action, expected] of cases) {
      const answer = await press(code, action);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(expected);
    }
    expect(await api.db.alert.count({ where: { iotDeviceId: button.id } })).toBe(0);
  });

  it('starts one alert for presses of the same action within 5 seconds, also when posted at once', async () => {
    const { button } = await arrange();
    const first = await press(button.code, 'click');
    const retried = await press(button.code, 'click');
    expect(first.status).toBe(201);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ result: 'duplicate', alertId: null });
    // Another action is another press.
    expect((await press(button.code, 'hold')).status).toBe(201);

    await forgetLastPress(button.id, 'click');
    const concurrent = await Promise.all(Array.from({ length: 6 }, () => press(button.code, 'click')));
    const statuses = concurrent.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The others came while it was being sent (409: ask again) or after (200 duplicate).
    const inProgress = concurrent.filter((answer) => answer.status === 409);
    expect(inProgress.length + statuses.filter((status) => status === 200).length).toBe(5);
    for (const answer of inProgress) {
      expect(answer.body.code).toBe('iotPressInProgress');
      expect(answer.headers.get('retry-after')).toBe('2');
    }
    // Asked again, they are duplicates of the press that was sent.
    for (const _ of inProgress) expect((await press(button.code, 'click')).body.result).toBe('duplicate');
    expect(await api.db.alert.count({ where: { iotDeviceId: button.id } })).toBe(3);
    const results = (await pressesOf(button.id)).map((recorded) => recorded.result);
    expect(results.filter((result) => result === 'started')).toHaveLength(3);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(6 + inProgress.length);
  });

  it('a press whose web process died while sending it is sent by the hub’s retry once its claim runs out', async () => {
    const { button } = await arrange();
    // What a process killed after claiming the press leaves behind: the claim, and no alert.
    await queues.redis.set(`${api.server.queuePrefix}:iot-press:${button.id}:click`, 'claimed', 'PX', 1500);
    const meanwhile = await press(button.code, 'click');
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.code).toBe('iotPressInProgress');
    expect(await api.db.alert.count({ where: { iotDeviceId: button.id } })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const retried = await press(button.code, 'click');
    expect(retried.status).toBe(201);
    expect(await api.db.alert.count({ where: { iotDeviceId: button.id } })).toBe(1);
    // And once sent, the next retry is its duplicate.
    expect((await press(button.code, 'click')).body).toEqual({ result: 'duplicate', alertId: null });
  });

  it('a press whose alert could not be sent is recorded failed, and the retry within 5 seconds sends it', async () => {
    const { fire, button } = await arrange();
    // Voice calls need the Enterprise plan: this professional company's scenario cannot be sent as it stands.
    await api.db.scenario.update({ where: { id: fire.id }, data: { channels: ['push', 'voice'] } });
    const failed = await press(button.code, 'click');
    expect(failed.status).toBe(403);
    expect(failed.body.code).toBe('planRequired');
    await api.db.scenario.update({ where: { id: fire.id }, data: { channels: ['push'] } });
    const retried = await press(button.code, 'click');
    expect(retried.status).toBe(201);
    expect(await api.db.alert.count({ where: { iotDeviceId: button.id } })).toBe(1);
    expect((await pressesOf(button.id)).map((recorded) => recorded.result)).toEqual(['failed', 'started']);
  });

  it('answers 429 with Retry-After past 10 starts a minute of one button, and records it', async () => {
    const { button } = await arrange();
    const other = await arrange();
    for (let start = 0; start < 10; start++) {
      await forgetLastPress(button.id, 'click');
      expect((await press(button.code, 'click')).status).toBe(201);
    }
    await forgetLastPress(button.id, 'click');
    const refused = await press(button.code, 'click');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await api.db.alert.count({ where: { iotDeviceId: button.id } })).toBe(10);
    expect((await pressesOf(button.id)).at(-1)?.result).toBe('rateLimited');
    // The limit is the button's own.
    expect((await press(other.button.code, 'click')).status).toBe(201);
  });

  it('refuses a scenario whose target picks nobody, and a company without the features, recording both', async () => {
    const { anna, button } = await arrange();
    await api.db.membership.updateMany({ where: { userId: anna.user.id }, data: { deletedAt: new Date() } });
    const invalid = await press(button.code, 'hold');
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('scenarioNoValidRecipients');

    const gated = await arrange();
    await api.db.company.update({ where: { id: gated.company.id }, data: { features: ['scenario'] } });
    const refused = await press(gated.button.code, 'click');
    expect(refused.status).toBe(403);
    expect((await pressesOf(button.id)).map((recorded) => recorded.result)).toEqual(['invalidTarget']);
    expect((await pressesOf(gated.button.id)).map((recorded) => recorded.result)).toEqual(['featureDisabled']);
    expect(await api.db.alert.count({ where: { iotDeviceId: { in: [button.id, gated.button.id] } } })).toBe(0);
  });
});

describe('docs/flic.md', () => {
  it('its curl command, run as written with the address and code filled in, starts the alert', async () => {
    const { button, fire } = await arrange();
    const doc = fs.readFileSync(path.join(process.cwd(), 'docs/flic.md'), 'utf8');
    const documented = /```sh\n(curl [\s\S]*?)\n```/.exec(doc)?.[1];
    expect(documented).toContain('/api/iot/events');
    const command = documented!.replace('https://tocsin.example.com', api.url).replace('YOUR-BUTTON-CODE', button.code);
    const { stdout } = await run('bash', ['-c', command]);
    expect(stdout).toMatch(/^HTTP\/1\.1 201/);
    const { alertId } = JSON.parse(stdout.slice(stdout.indexOf('\r\n\r\n') + 4));
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).toMatchObject({
      scenarioId: fire.id,
      iotDeviceId: button.id,
      authorId: null,
    });
  });
});
