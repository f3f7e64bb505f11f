import { describe, it, expect, afterAll } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Drafts: POST /api/alerts/alertDraft and /alarmDraft save one (again with draftId), PUT /api/alerts/{id} changes it,
// DELETE /api/deleteDraft/{id} removes it with its files. A draft is only ever its author's.
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-draft-files-'));
const api = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: filesDir });
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));
type Member = Awaited<ReturnType<typeof createMember>>;

async function arrange() {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const otherAdmin = await createMember(api.db, company.id, 'admin', 'Otto Admin');
  const member = await createMember(api.db, company.id, 'user', 'Mia Member');
  const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
  return { company, other, admin, otherAdmin, member, stranger };
}

const as = (member: Member, companyId: string) => ({
  post: (route: string, body: object) => api.call('POST', route, { token: member.token, customerId: companyId, body }),
  put: (id: string, body: object) =>
    api.call('PUT', `/api/alerts/${id}`, { token: member.token, customerId: companyId, body }),
  remove: (id: string) => api.call('DELETE', `/api/deleteDraft/${id}`, { token: member.token, customerId: companyId }),
});

async function saveDraft(
  member: Member,
  companyId: string,
  body: object = { title: 'Dr' },
  route = '/api/alerts/alertDraft',
) {
  const response = await as(member, companyId).post(route, body);
  expect(response.status).toBe(201);
  return response.body.alertId as string;
}

describe('alert drafts', () => {
  it('saves a half-written draft: no recipients, no send time, nothing queued', async () => {
    const { company, admin } = await arrange();
    const team = await api.db.team.create({ data: { companyId: company.id, name: 'Night shift' } });
    const alertId = await saveDraft(admin, company.id, {
      title: 'Fi',
      channels: ['sms'],
      target: { teams: [team.id] },
    });
    const draft = await api.db.alert.findUniqueOrThrow({ where: { id: alertId } });
    expect(draft).toMatchObject({
      status: 'draft',
      type: 'alert',
      title: 'Fi',
      message: '',
      channels: ['sms'],
      sentAt: null,
      authorId: admin.user.id,
      companyId: company.id,
    });
    expect(draft.target).toEqual({
      company: false,
      teams: [team.id],
      users: [],
      devices: [],
      locations: [],
      adHocLocation: null,
    });
    expect(await api.db.alertRecipient.count({ where: { alertId } })).toBe(0);

    const empty = await saveDraft(admin, company.id, {}, '/api/alerts/alarmDraft');
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: empty } })).toMatchObject({
      type: 'alarm',
      title: '',
      channels: [],
      status: 'draft',
    });
  });

  it('saves a draft again with draftId, or through PUT /api/alerts/{id}, under the same id', async () => {
    const { company, admin } = await arrange();
    const alertId = await saveDraft(admin, company.id, { severity: 'urgentAlert', title: 'First' });
    const again = await as(admin, company.id).post('/api/alerts/alertDraft', {
      draftId: alertId,
      title: 'Second',
      message: 'More',
      channels: ['push'],
      target: { company: true },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ alertId });
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).toMatchObject({
      title: 'Second',
      message: 'More',
      type: 'alert',
      channels: ['push'],
      target: expect.objectContaining({ company: true }),
    });

    const put = await as(admin, company.id).put(alertId, { title: 'Third', position: { lat: 60, lng: 11 } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ alertId });
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).toMatchObject({
      title: 'Third',
      message: '',
      type: 'alert',
      containsAuthorLocation: true,
      authorLat: 60,
      status: 'draft',
    });
    const alarm = await as(admin, company.id).put(alertId, { severity: 'alarm' });
    expect(alarm.status).toBe(200);
    expect((await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).type).toBe('alarm');
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(1);
  });

  it('still checks types, severity and the ids a draft names', async () => {
    const { company, admin, stranger } = await arrange();
    const alertId = await saveDraft(admin, company.id);
    for (const [body, errors] of [
      [{ title: 42 }, ['title is not valid']],
      [{ channels: ['fax'] }, ['channels.0 is not valid']],
      [{ target: { users: ['x'] } }, ['target.users.0 is not valid']],
      [{ title: 'x'.repeat(201) }, ['title cannot be longer than 200 characters']],
    ] as const) {
      for (const response of [
        await as(admin, company.id).post('/api/alerts/alertDraft', body),
        await as(admin, company.id).put(alertId, body),
      ]) {
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual(errors);
      }
    }
    const severity = await as(admin, company.id).post('/api/alerts/alarmDraft', { severity: 'alert' });
    expect(severity.status).toBe(400);
    expect(severity.body.errors).toEqual(['severity is not valid']);
    const foreign = await as(admin, company.id).post('/api/alerts/alertDraft', {
      target: { users: [stranger.user.id] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'unknownTarget', unknown: [stranger.user.id] });
    const foreignPut = await as(admin, company.id).put(alertId, { target: { users: [stranger.user.id] } });
    expect(foreignPut.body.code).toBe('unknownTarget');
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("answers 404 for another admin's, another company's, unknown and malformed drafts, and 409 for a sent alert", async () => {
    const { company, other, admin, otherAdmin, stranger } = await arrange();
    const mine = await saveDraft(admin, company.id, { title: 'Mine' });
    const theirs = await saveDraft(stranger, other.id, { title: 'Theirs' });
    const sent = await as(admin, company.id).post('/api/alerts/alert', {
      title: 'Sent',
      message: 'Already out',
      channels: ['push'],
      target: { company: true },
    });
    expect(sent.status).toBe(201);

    for (const id of [theirs, '3f1c0c55-6d0b-4f34-9a3e-6f0a3c1d2e4f', 'not-a-uuid']) {
      expect((await as(admin, company.id).put(id, { title: 'Changed' })).status).toBe(404);
      expect((await as(admin, company.id).remove(id)).status).toBe(404);
      expect(
        (
          await as(admin, company.id).post('/api/alerts/alertDraft', {
            draftId: id === 'not-a-uuid' ? undefined : id,
            title: 'x',
          })
        ).status,
      ).toBe(id === 'not-a-uuid' ? 201 : 404);
    }
    expect((await as(otherAdmin, company.id).put(mine, { title: 'Changed' })).status).toBe(404);
    expect((await as(otherAdmin, company.id).remove(mine)).status).toBe(404);

    for (const response of [
      await as(admin, company.id).put(sent.body.alertId, { title: 'Changed' }),
      await as(admin, company.id).remove(sent.body.alertId),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'notDraft', errors: ['Only a draft can be changed'] });
    }
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: sent.body.alertId } })).toMatchObject({
      title: 'Sent',
      status: 'active',
    });
    expect((await api.db.alert.findUniqueOrThrow({ where: { id: mine } })).title).toBe('Mine');
    expect((await api.db.alert.findUniqueOrThrow({ where: { id: theirs } })).title).toBe('Theirs');
  });

  it('refuses members who are not admins, and callers without a session', async () => {
    const { company, admin, member } = await arrange();
    const alertId = await saveDraft(admin, company.id);
    expect((await as(member, company.id).post('/api/alerts/alertDraft', { title: 'x' })).status).toBe(403);
    expect((await as(member, company.id).post('/api/alerts/alarmDraft', { title: 'x' })).status).toBe(403);
    expect((await as(member, company.id).put(alertId, { title: 'x' })).status).toBe(403);
    expect((await as(member, company.id).remove(alertId)).status).toBe(403);
    expect((await api.call('POST', '/api/alerts/alertDraft', { customerId: company.id, body: {} })).status).toBe(401);
    expect((await api.call('PUT', `/api/alerts/${alertId}`, { customerId: company.id, body: {} })).status).toBe(401);
    expect((await api.call('DELETE', `/api/deleteDraft/${alertId}`, { customerId: company.id })).status).toBe(401);
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alertId } })).toMatchObject({
      title: 'Dr',
      status: 'draft',
    });
  });

  it('keeps the files of a draft across saves, and deletes the draft with its files', async () => {
    const { company, admin } = await arrange();
    const bytes = Buffer.from('a photo, in a manner of speaking');
    const link = await api.call(
      'GET',
      `/api/alerts/attachmentUploadUrl/photo.png?contentType=image/png&size=${bytes.length}`,
      { token: admin.token, customerId: company.id },
    );
    expect(link.status).toBe(200);
    expect(
      (await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: bytes })).status,
    ).toBeLessThan(300);
    const stored = path.join(filesDir, link.body.key);
    expect(fs.existsSync(stored)).toBe(true);

    const attachments = [{ key: link.body.key, name: 'Photo.png' }];
    const alertId = await saveDraft(admin, company.id, { title: 'With a photo', attachments });
    expect((await as(admin, company.id).put(alertId, { title: 'Still with it', attachments })).status).toBe(200);
    expect((await as(admin, company.id).put(alertId, { title: 'Saved without naming it again' })).status).toBe(200);
    expect(await api.db.attachment.findMany({ where: { alertId }, select: { name: true, storageKey: true } })).toEqual([
      { name: 'Photo.png', storageKey: link.body.key },
    ]);

    const removed = await as(admin, company.id).remove(alertId);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({});
    expect(await api.db.alert.findUnique({ where: { id: alertId } })).toBeNull();
    expect(await api.db.attachment.count({ where: { storageKey: link.body.key } })).toBe(0);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await as(admin, company.id).remove(alertId)).status).toBe(404);
  });
});
