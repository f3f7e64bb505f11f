import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany, type CompanyEventListener } from '../helpers/company-events';
import { createCompany, createMember } from '../helpers/fixtures';
import { testEnv } from '../helpers/test-env';

// Sending alerts: POST /api/alerts/alert and /alarm write the alert, its recipients and receipts, queue the dispatch job
// and tell the company, all through the real server, Postgres and Redis.
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-alert-files-'));
const api = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: filesDir });
let redis: Redis;
let delivery: Queue;
const listeners: CompanyEventListener[] = [];

beforeAll(() => {
  redis = new Redis(testEnv('TEST_REDIS_URL'), { maxRetriesPerRequest: null });
  delivery = new Queue('delivery', { connection: redis, prefix: api.server.queuePrefix });
});
afterAll(async () => {
  listeners.forEach((listener) => listener.close());
  await delivery?.close();
  redis?.disconnect();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<typeof createMember>>;

async function arrange(plan: 'free' | 'professional' | 'enterprise' = 'professional') {
  const company = await createCompany(api.db, { plan });
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const anna = await createMember(api.db, company.id, 'user', 'Anna Berg');
  const bo = await createMember(api.db, company.id, 'user', 'Bo Carlsen');
  const removed = await createMember(api.db, company.id, 'user', 'Rita Removed');
  await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
  const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
  return { company, other, admin, anna, bo, removed, stranger };
}

const send = (member: Member, companyId: string, body: object, route: 'alert' | 'alarm' = 'alert') =>
  api.call('POST', `/api/alerts/${route}`, { token: member.token, customerId: companyId, body });

const fire = {
  title: 'Fire in building B',
  message: 'Leave the building by the nearest exit',
  channels: ['push', 'sms'],
  target: { company: true },
};

async function listen(member: Member, companyId: string): Promise<CompanyEventListener> {
  const listener = await listenToCompany(api.url, member.token, companyId);
  listeners.push(listener);
  return listener;
}

describe('POST /api/alerts/alert and /alarm', () => {
  it('writes the alert, a recipient per active member and a pending receipt per channel, queues the dispatch and tells the company', async () => {
    const { company, admin, anna, bo, removed, stranger } = await arrange();
    const announced = (await listen(anna, company.id)).next(`newAlertCustomerId:${company.id}`);

    const response = await send(admin, company.id, { ...fire, severity: 'urgentAlert', simulationMode: true });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ alertId: expect.any(String), recipients: 3, outOfTarget: 0 });
    const { alertId } = response.body;
    await expect(announced).resolves.toEqual({ alertId, changed: 'alerts' });

    const alert = await api.db.alert.findUniqueOrThrow({ where: { id: alertId } });
    expect(alert).toMatchObject({
      companyId: company.id,
      authorId: admin.user.id,
      type: 'urgentAlert',
      status: 'active',
      title: 'Fire in building B',
      message: 'Leave the building by the nearest exit',
      channels: ['push', 'sms'],
      simulationMode: true,
      isLocationRestricted: false,
      containsAuthorLocation: false,
      target: { company: true, teams: [], users: [], devices: [], locations: [], adHocLocation: null },
    });
    expect(alert.sentAt).toBeInstanceOf(Date);

    const recipients = await api.db.alertRecipient.findMany({ where: { alertId } });
    expect(recipients.map((r) => r.userId).sort()).toEqual([admin.user.id, anna.user.id, bo.user.id].sort());
    expect(recipients.every((r) => r.inTarget && r.companyId === company.id)).toBe(true);
    // A member's newest alerts and chart read their recipient rows by createdAt as the alert's sent time.
    expect(recipients.every((r) => r.createdAt.getTime() === alert.sentAt!.getTime())).toBe(true);
    expect(recipients.map((r) => r.userId)).not.toContain(removed.user.id);
    expect(recipients.map((r) => r.userId)).not.toContain(stranger.user.id);

    const receipts = await api.db.receipt.findMany({ where: { alertId } });
    expect(receipts).toHaveLength(6);
    for (const recipient of recipients) {
      const own = receipts.filter((receipt) => receipt.recipientId === recipient.id);
      expect(own.map((receipt) => receipt.channel).sort()).toEqual(['push', 'sms']);
      expect(
        own.every(
          (r) => r.userId === recipient.userId && r.state === 'pending' && !r.fallback && r.companyId === company.id,
        ),
      ).toBe(true);
    }

    const job = await delivery.getJob(`dispatch-${alertId}`);
    expect(job?.name).toBe('dispatch-alert');
    expect(job?.data).toEqual({ alertId });
  });

  it('takes alert or urgentAlert at /alert (default alert) and only alarm at /alarm (default alarm)', async () => {
    const { company, admin } = await arrange();
    const plain = await send(admin, company.id, fire);
    const alarm = await send(admin, company.id, fire, 'alarm');
    const explicitAlarm = await send(admin, company.id, { ...fire, severity: 'alarm' }, 'alarm');
    expect([plain.status, alarm.status, explicitAlarm.status]).toEqual([201, 201, 201]);
    const types = await api.db.alert.findMany({
      where: { id: { in: [plain.body.alertId, alarm.body.alertId, explicitAlarm.body.alertId] } },
      select: { id: true, type: true },
    });
    expect(Object.fromEntries(types.map((t) => [t.id, t.type]))).toEqual({
      [plain.body.alertId]: 'alert',
      [alarm.body.alertId]: 'alarm',
      [explicitAlarm.body.alertId]: 'alarm',
    });

    for (const [severity, route] of [
      ['alarm', 'alert'],
      ['urgentAlert', 'alarm'],
      ['alert', 'alarm'],
      ['sos', 'alert'],
    ] as const) {
      const response = await send(admin, company.id, { ...fire, severity }, route);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(['severity is not valid']);
    }
  });

  it('keeps the sender position when given', async () => {
    const { company, admin } = await arrange();
    const response = await send(admin, company.id, { ...fire, position: { lat: 59.91, lng: 10.75, accuracy: 12 } });
    expect(response.status).toBe(201);
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: response.body.alertId } })).toMatchObject({
      containsAuthorLocation: true,
      authorLat: 59.91,
      authorLng: 10.75,
      authorAccuracy: 12,
    });
  });

  it.each([
    [{ ...fire, title: 'ab' }, ['title must be at least 3 characters']],
    [{ ...fire, title: '   ' }, ['title is required']],
    [{ ...fire, message: ' hi ' }, ['message must be at least 3 characters']],
    [{ ...fire, message: undefined }, ['message is required']],
    [{ ...fire, channels: [] }, ['channels is required']],
    [{ ...fire, channels: undefined }, ['channels is required']],
    [{ ...fire, channels: ['push', 'push'] }, ['channels is not valid']],
    [{ ...fire, channels: ['fax'] }, ['channels.0 is not valid']],
    [{ ...fire, target: { teams: ['not-a-uuid'] } }, ['target.teams.0 is not valid']],
    [
      { ...fire, target: { adHocLocation: { geofence: { type: 'circle', center: { lat: 95, lng: 0 }, radius: 10 } } } },
      ['target.adHocLocation.geofence.center.lat is not valid'],
    ],
    [{ ...fire, draftId: 'nope' }, ['draftId is not valid']],
  ])('answers 400 for invalid input %#', async (body, errors) => {
    const { company, admin } = await arrange();
    const response = await send(admin, company.id, body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(0);
  });

  it.each([
    [undefined, 'missingTarget', 'Recipients is required'],
    [{}, 'missingTarget', 'Recipients is required'],
    [
      { company: false, users: [], devices: [], locations: [], adHocLocation: null },
      'missingTarget',
      'Recipients is required',
    ],
    [{ company: false, teams: [] }, 'missingTeams', 'Teams is required'],
  ])('answers 400 when no recipients are chosen (%j)', async (target, code, message) => {
    const { company, admin } = await arrange();
    const response = await send(admin, company.id, { ...fire, target });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code, errors: [message] });
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('sends voice calls on the enterprise plan only', async () => {
    const professional = await arrange('professional');
    const refused = await send(professional.admin, professional.company.id, { ...fire, channels: ['push', 'voice'] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'planRequired', errors: ['Voice calls need the Enterprise plan'] });
    expect(await api.db.alert.count({ where: { companyId: professional.company.id } })).toBe(0);

    const enterprise = await arrange('enterprise');
    const sent = await send(enterprise.admin, enterprise.company.id, { ...fire, channels: ['voice'] });
    expect(sent.status).toBe(201);
    const receipts = await api.db.receipt.findMany({ where: { alertId: sent.body.alertId } });
    expect(receipts).toHaveLength(3);
    expect(new Set(receipts.map((r) => r.channel))).toEqual(new Set(['voice']));
  });

  it("answers 400 unknownTarget for another company's or unknown team, user, device and location, and a removed member", async () => {
    const { company, other, admin, anna, removed, stranger } = await arrange();
    const foreignTeam = await api.db.team.create({ data: { companyId: other.id, name: 'Their team' } });
    const foreignLocation = await api.db.location.create({
      data: {
        companyId: other.id,
        name: 'Their site',
        geofence: { type: 'circle', center: { lat: 59, lng: 10 }, radius: 100 },
        minLat: 58,
        minLng: 9,
        maxLat: 60,
        maxLng: 11,
      },
    });
    const foreignDevice = await api.db.device.create({
      data: { userId: stranger.user.id, name: 'Their phone', platform: 'android' },
    });
    const removedDevice = await api.db.device.create({
      data: { userId: removed.user.id, name: 'Old phone', platform: 'ios' },
    });
    const unknownId = '3f1c0c55-6d0b-4f34-9a3e-6f0a3c1d2e4f';
    for (const [target, unknown] of [
      [{ teams: [foreignTeam.id] }, [foreignTeam.id]],
      [{ users: [anna.user.id, stranger.user.id] }, [stranger.user.id]],
      [{ users: [removed.user.id] }, [removed.user.id]],
      [{ devices: [foreignDevice.id, removedDevice.id] }, [foreignDevice.id, removedDevice.id]],
      [{ company: true, locations: [foreignLocation.id] }, [foreignLocation.id]],
      [{ teams: [unknownId] }, [unknownId]],
    ] as const) {
      const response = await send(admin, company.id, { ...fire, target });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'unknownTarget', unknown });
    }
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('refuses members who are not admins, and callers without a session', async () => {
    const { company, anna } = await arrange();
    const teamAdmin = await createMember(api.db, company.id, 'teamadmin');
    for (const route of ['alert', 'alarm'] as const) {
      expect((await send(anna, company.id, fire, route)).status).toBe(403);
      expect((await send(teamAdmin, company.id, fire, route)).status).toBe(403);
      expect((await api.call('POST', `/api/alerts/${route}`, { customerId: company.id, body: fire })).status).toBe(401);
    }
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('sends a saved draft under its own id, once', async () => {
    const { company, other, admin, stranger } = await arrange();
    const otherAdmin = await createMember(api.db, company.id, 'admin', 'Otto Admin');
    const draft = await api.call('POST', '/api/alerts/alertDraft', {
      token: admin.token,
      customerId: company.id,
      body: { title: 'Dra' },
    });
    expect(draft.status).toBe(201);
    const draftId = draft.body.alertId;

    expect((await send(otherAdmin, company.id, { ...fire, draftId })).status).toBe(404);
    expect((await send(stranger, other.id, { ...fire, draftId })).status).toBe(404);

    const sent = await send(admin, company.id, { ...fire, draftId });
    expect(sent.status).toBe(201);
    expect(sent.body.alertId).toBe(draftId);
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({
      status: 'active',
      title: fire.title,
      authorId: admin.user.id,
    });
    expect(await api.db.alertRecipient.count({ where: { alertId: draftId } })).toBe(4);
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(1);
    // The draft's rows too carry its sent time, not the time it was saved.
    const { sentAt } = await api.db.alert.findUniqueOrThrow({ where: { id: draftId } });
    const written = await api.db.alertRecipient.findMany({ where: { alertId: draftId } });
    expect(written.every((row) => row.createdAt.getTime() === sentAt!.getTime())).toBe(true);

    const again = await send(admin, company.id, { ...fire, draftId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('notDraft');
    expect(await api.db.alertRecipient.count({ where: { alertId: draftId } })).toBe(4);
  });

  it('attaches the files the sender uploaded', async () => {
    const { company, admin } = await arrange();
    const bytes = Buffer.from('%PDF-1.4 evacuation plan');
    const link = await api.call(
      'GET',
      `/api/alerts/attachmentUploadUrl/plan.pdf?contentType=application/pdf&size=${bytes.length}`,
      { token: admin.token, customerId: company.id },
    );
    expect(link.status).toBe(200);
    const uploaded = await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: bytes });
    expect(uploaded.status).toBeLessThan(300);

    const response = await send(admin, company.id, {
      ...fire,
      attachments: [{ key: link.body.key, name: 'Evacuation plan.pdf' }],
    });
    expect(response.status).toBe(201);
    const files = await api.db.attachment.findMany({ where: { alertId: response.body.alertId } });
    expect(files).toEqual([
      expect.objectContaining({
        name: 'Evacuation plan.pdf',
        storageKey: link.body.key,
        contentType: 'application/pdf',
        size: bytes.length,
        companyId: company.id,
      }),
    ]);

    const notUploaded = await send(admin, company.id, {
      ...fire,
      attachments: [{ key: `${link.body.key}-missing`, name: 'x.pdf' }],
    });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body.code).toBe('notUploaded');
  });
});
