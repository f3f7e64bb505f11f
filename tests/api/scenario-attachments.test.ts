import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { settledReceipts, startDeliveryWorker } from '../helpers/alert-delivery';
import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { createCompany, createMember } from '../helpers/fixtures';
import type { TestWorker } from '../helpers/test-worker';

// A scenario's files: the same upload and delete links, limits and claiming as an alert's, through the real server with
// the s3 driver against the S3 stand-in; a started scenario's alert gets its own copies; the worker delivers it.
let s3: FakeS3;
let worker: TestWorker;
const serverEnv: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'tocsin-scenarios' });
  Object.assign(serverEnv, {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.url,
    S3_REGION: s3.region,
    S3_BUCKET: 'tocsin-scenarios',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
});
const api = useApiTestContext(serverEnv);
beforeAll(async () => {
  worker = await startDeliveryWorker(api, { ...serverEnv, WORKER_QUEUES: 'delivery' });
});
afterAll(async () => {
  await worker?.stop();
  await s3?.stop();
});

async function arrange() {
  const company = await createCompany(api.db, { features: ['scenario'] });
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const otherAdmin = await createMember(api.db, company.id, 'admin', 'Otto Admin');
  const member = await createMember(api.db, company.id, 'user', 'Mia Member');
  return { company, admin, otherAdmin, member };
}

const uploadLink = (token: string | undefined, name: string, query: Record<string, string>) =>
  api.call(
    'GET',
    `/api/scenarios/customer/attachmentUploadUrl/${encodeURIComponent(name)}?${new URLSearchParams(query)}`,
    {
      token,
    },
  );
const deleteLink = (token: string, name: string, key: string) =>
  api.call(
    'GET',
    `/api/scenarios/customer/attachmentDeleteUrl/${encodeURIComponent(name)}?${new URLSearchParams({ key })}`,
    {
      token,
    },
  );

async function uploaded(token: string, name: string, contentType: string, content: string) {
  const link = await uploadLink(token, name, { contentType, size: String(content.length) });
  expect(link.status).toBe(200);
  const put = await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: content });
  expect(put.status).toBe(200);
  return link.body.key as string;
}

const scenario = (attachments: { key: string; name: string }[]) => ({
  name: 'Gas leak',
  alertType: 2,
  alertData: { title: 'Gas leak', body: 'Leave the lab and do not use switches.', target: { company: true } },
  channels: ['push'],
  attachments,
});

describe('scenario attachments', () => {
  it('an admin uploads files, the scenario claims them, keeps, adds and drops them when saved again', async () => {
    const { company, admin, otherAdmin } = await arrange();
    const plan = await uploaded(admin.token, 'Evacuation plan.pdf', 'application/pdf', 'plan');
    expect(plan).toMatch(new RegExp(`^companies/${company.id}/uploads/${admin.user.id}/`));
    const created = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: scenario([{ key: plan, name: 'Evacuation plan.pdf' }]),
    });
    expect(created.status).toBe(201);
    expect(created.body.attachments).toEqual([
      {
        id: expect.any(String),
        name: 'Evacuation plan.pdf',
        url: expect.stringContaining(s3.url),
        presignedUrl: expect.stringContaining(s3.url),
        size: 4,
        contentType: 'application/pdf',
      },
    ]);

    // Another admin changes it: the first admin's file stays, the new one is claimed.
    const photo = await uploaded(otherAdmin.token, 'valve.png', 'image/png', 'png!');
    const changed = await api.call('PUT', `/api/scenarios/customer/${created.body.id}`, {
      token: otherAdmin.token,
      body: scenario([
        { key: plan, name: 'Evacuation plan.pdf' },
        { key: photo, name: 'valve.png' },
      ]),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.attachments.map((file: { name: string }) => file.name)).toEqual([
      'Evacuation plan.pdf',
      'valve.png',
    ]);

    const dropped = await api.call('PUT', `/api/scenarios/customer/${created.body.id}`, {
      token: admin.token,
      body: scenario([{ key: photo, name: 'valve.png' }]),
    });
    expect(dropped.body.attachments.map((file: { name: string }) => file.name)).toEqual(['valve.png']);
    expect(s3.objects.has(plan)).toBe(false);
    expect(await api.db.attachment.count({ where: { storageKey: plan } })).toBe(0);

    await api.call('DELETE', `/api/scenarios/customer/${created.body.id}`, { token: admin.token });
    expect(s3.objects.has(photo)).toBe(false);
  });

  it("a started scenario's alert carries copies of its files, and the worker delivers it", async () => {
    const { admin, member } = await arrange();
    const plan = await uploaded(admin.token, 'plan.pdf', 'application/pdf', 'plan');
    const created = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: scenario([{ key: plan, name: 'plan.pdf' }]),
    });
    const started = await api.call('POST', `/api/scenarios/customer/${created.body.id}`, {
      token: member.token,
      body: { alertTitle: 'Gas leak in lab 2', alertBody: 'Leave lab 2 now.' },
    });
    expect(started.status).toBe(201);
    const [copy] = await api.db.attachment.findMany({ where: { alertId: started.body.alertId } });
    expect(copy).toMatchObject({ name: 'plan.pdf', contentType: 'application/pdf', size: 4, scenarioId: null });
    expect(copy.storageKey).not.toBe(plan);
    expect(s3.objects.get(copy.storageKey)?.body.toString()).toBe('plan');

    const shown = await api.call('GET', `/api/alerts/${started.body.alertId}`, { token: member.token });
    expect(shown.body.attachments).toEqual([expect.objectContaining({ name: 'plan.pdf' })]);

    // The scenario's own file stays when the alert goes, and the alert's copy when the scenario goes.
    await api.call('DELETE', `/api/scenarios/customer/${created.body.id}`, { token: admin.token });
    expect(s3.objects.has(copy.storageKey)).toBe(true);

    const receipts = await settledReceipts(api.db, started.body.alertId);
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.every((receipt) => receipt.state !== 'pending')).toBe(true);
  });

  it("a Flic button's alert carries copies of the scenario's files too", async () => {
    const { company, admin } = await arrange();
    await api.db.company.update({ where: { id: company.id }, data: { features: ['scenario', 'flicHub'] } });
    const plan = await uploaded(admin.token, 'plan.pdf', 'application/pdf', 'plan');
    const created = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: scenario([{ key: plan, name: 'plan.pdf' }]),
    });
    const issued = await api.call('GET', '/api/iotDevices/code', { token: admin.token });
    const paired = await api.call('PUT', `/api/iotDevices/${randomUUID()}`, {
      token: admin.token,
      body: { name: 'Lab button', code: issued.body.code, clickScenarioId: created.body.id },
    });
    expect(paired.status).toBe(200);
    const pressed = await api.call('POST', '/api/iot/events', {
      headers: { action: 'click', code: issued.body.code },
    });
    expect(pressed.status).toBe(201);
    const [copy] = await api.db.attachment.findMany({ where: { alertId: pressed.body.alertId } });
    expect(copy).toMatchObject({ name: 'plan.pdf', uploadedById: null, scenarioId: null });
    expect(copy.storageKey).toMatch(new RegExp(`^companies/${company.id}/uploads/system/`));
    expect(s3.objects.get(copy.storageKey)?.body.toString()).toBe('plan');
    expect(s3.objects.has(plan)).toBe(true);
  });

  it('refuses what an alert refuses: wrong types, too many files, foreign keys; links for admins only', async () => {
    const { admin, member } = await arrange();
    const other = await arrange();
    expect(await uploadLink(admin.token, 'page.html', { contentType: 'text/html', size: '3' })).toMatchObject({
      status: 400,
      body: { code: 'attachmentType' },
    });
    expect(await uploadLink(member.token, 'a.pdf', { contentType: 'application/pdf', size: '3' })).toMatchObject({
      status: 403,
    });
    expect(await uploadLink(undefined, 'a.pdf', { contentType: 'application/pdf', size: '3' })).toMatchObject({
      status: 401,
    });
    const plain = await createCompany(api.db);
    const plainAdmin = await createMember(api.db, plain.id, 'admin');
    expect(await uploadLink(plainAdmin.token, 'a.pdf', { contentType: 'application/pdf', size: '3' })).toMatchObject({
      status: 403,
    });

    const theirs = await uploaded(other.admin.token, 'theirs.pdf', 'application/pdf', 'them');
    const foreign = await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: scenario([{ key: theirs, name: 'theirs.pdf' }]),
    });
    expect(foreign).toMatchObject({ status: 400, body: { code: 'notUploaded' } });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ key: `${theirs}${index}`, name: `f${index}.pdf` }));
    expect(
      (await api.call('POST', '/api/scenarios/customer', { token: admin.token, body: scenario(eleven) })).status,
    ).toBe(400);
    expect(
      await api.db.scenario.count({
        where: { name: 'Gas leak', company: { memberships: { some: { userId: admin.user.id } } } },
      }),
    ).toBe(0);

    // A delete link for an upload not yet claimed; none once a scenario has it, nor for another person's upload.
    const loose = await uploaded(admin.token, 'loose.pdf', 'application/pdf', 'lose');
    const link = await deleteLink(admin.token, 'loose.pdf', loose);
    expect(link.status).toBe(200);
    expect((await fetch(link.body.url, { method: 'DELETE' })).status).toBe(204);
    expect(s3.objects.has(loose)).toBe(false);
    const kept = await uploaded(admin.token, 'kept.pdf', 'application/pdf', 'kept');
    await api.call('POST', '/api/scenarios/customer', {
      token: admin.token,
      body: scenario([{ key: kept, name: 'kept.pdf' }]),
    });
    expect((await deleteLink(admin.token, 'kept.pdf', kept)).status).toBe(404);
    expect((await deleteLink(admin.token, 'theirs.pdf', theirs)).status).toBe(404);
    expect((await deleteLink(member.token, 'kept.pdf', kept)).status).toBe(403);
  });
});
