import { describe, it, expect, afterAll } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalStorage } from '@/lib/providers/storage/local-storage';
import { createAlertCast, insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany } from '../helpers/company-events';
import { createMember } from '../helpers/fixtures';

// Closing and deleting alerts: who may (admin or sender), the states (close once; delete only when closed), the
// closing update comment, the storage files going with a deleted alert, and the alertChanged event.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-alert-files-'));
const api = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir });
const files = createLocalStorage({ dir, secret: 'unused: these tests write and stat files directly', baseUrl: '' });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const arrange = () => createAlertCast(api.db);

/** The alertChanged payloads a member of the company receives while `action` runs. */
async function alertChangedDuring(token: string, companyId: string, action: () => Promise<unknown>) {
  const listener = await listenToCompany(api.url, token, companyId);
  const changed = listener.next(`alertChangedCustomerId:${companyId}`);
  await action();
  return changed.finally(() => listener.close());
}

async function storeFile(key: string) {
  await files.write(
    key,
    'text/plain',
    (async function* () {
      yield Buffer.from(`contents of ${key}`);
    })(),
  );
  expect(await files.stat(key)).not.toBeNull();
}

describe('POST /api/alerts/{id}/close', () => {
  it('lets an admin close an alert with a closing update, once, and tells the company', async () => {
    const { company, admin, recipient, alert } = await arrange();
    let response: Awaited<ReturnType<typeof api.call<any>>> | undefined;
    const events = await alertChangedDuring(recipient.token, company.id, async () => {
      response = await api.call('POST', `/api/alerts/${alert.id}/close`, {
        token: admin.token,
        body: { message: '  All clear, back to work  ' },
      });
    });
    expect(response!.status).toBe(200);
    expect(response!.body).toMatchObject({
      id: alert.id,
      status: 'completed',
      closedBy: { name: 'Ada Admin' },
      canManage: true,
      canComment: false,
    });
    expect(new Date(response!.body.closedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(events).toEqual({ alertId: alert.id });

    const stored = await api.db.alert.findUniqueOrThrow({ where: { id: alert.id } });
    expect(stored).toMatchObject({ status: 'completed', closedById: admin.user.id });
    const comments = await api.db.alertComment.findMany({ where: { alertId: alert.id } });
    expect(comments).toEqual([
      expect.objectContaining({
        messageType: 'update',
        message: 'All clear, back to work',
        completes: true,
        authorId: admin.user.id,
        companyId: company.id,
      }),
    ]);

    const again = await api.call('POST', `/api/alerts/${alert.id}/close`, { token: admin.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ errors: ['The alert is already closed'], code: 'alertClosed' });
  });

  it('lets the sender close without a message (then no comment), and one of two simultaneous closes win', async () => {
    const { sender, alert } = await arrange();
    const [first, second] = await Promise.all([
      api.call('POST', `/api/alerts/${alert.id}/close`, { token: sender.token, body: { message: '   ' } }),
      api.call('POST', `/api/alerts/${alert.id}/close`, { token: sender.token }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(0);
    expect((await api.db.alert.findUniqueOrThrow({ where: { id: alert.id } })).closedById).toBe(sender.user.id);
  });

  it('refuses recipients (403), those who cannot see it (404), drafts, long messages and no session', async () => {
    const { company, admin, recipient, outside, bystander, stranger, alert } = await arrange();
    expect((await api.call('POST', `/api/alerts/${alert.id}/close`, { token: outside.token, body: {} })).status).toBe(
      404,
    );
    const forbidden = await api.call('POST', `/api/alerts/${alert.id}/close`, { token: recipient.token, body: {} });
    expect(forbidden.status).toBe(403);
    expect((await api.call('POST', `/api/alerts/${alert.id}/close`, { token: bystander.token, body: {} })).status).toBe(
      404,
    );
    expect((await api.call('POST', `/api/alerts/${alert.id}/close`, { token: stranger.token, body: {} })).status).toBe(
      404,
    );
    expect((await api.call('POST', '/api/alerts/nope/close', { token: admin.token, body: {} })).status).toBe(404);
    const tooLong = await api.call('POST', `/api/alerts/${alert.id}/close`, {
      token: admin.token,
      body: { message: 'x'.repeat(2001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual(['message cannot be longer than 2000 characters']);
    expect((await api.call('POST', `/api/alerts/${alert.id}/close`, { body: {} })).status).toBe(401);
    const draft = await insertAlert(api.db, { companyId: company.id, authorId: admin.user.id, status: 'draft' });
    const closingDraft = await api.call('POST', `/api/alerts/${draft.id}/close`, { token: admin.token, body: {} });
    expect(closingDraft.status).toBe(409);
    expect(closingDraft.body.code).toBe('notSent');
    expect((await api.db.alert.findUniqueOrThrow({ where: { id: alert.id } })).status).toBe('active');
  });
});

describe('DELETE /api/alerts/{id}', () => {
  it('refuses an active alert with alertActive', async () => {
    const { admin, alert } = await arrange();
    const response = await api.call('DELETE', `/api/alerts/${alert.id}`, { token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ errors: ['Close the alert before deleting it'], code: 'alertActive' });
    expect(await api.db.alert.count({ where: { id: alert.id } })).toBe(1);
  });

  it('deletes a closed alert with everything of it, removes its and its comments’ files, and tells the company', async () => {
    const { company, admin, sender, recipient, alert } = await arrange();
    await api.db.alert.update({ where: { id: alert.id }, data: { status: 'completed', closedAt: new Date() } });
    const comment = await api.db.alertComment.create({
      data: { alertId: alert.id, companyId: company.id, authorId: recipient.user.id, message: 'Photo of the exit' },
    });
    const alertFile = `companies/${company.id}/uploads/${sender.user.id}/11111111-1111-4111-8111-111111111111/plan.txt`;
    const commentFile = `companies/${company.id}/uploads/${recipient.user.id}/22222222-2222-4222-8222-222222222222/exit.txt`;
    const unrelatedFile = `companies/${company.id}/uploads/${recipient.user.id}/33333333-3333-4333-8333-333333333333/keep.txt`;
    for (const key of [alertFile, commentFile, unrelatedFile]) await storeFile(key);
    await api.db.attachment.create({
      data: {
        companyId: company.id,
        alertId: alert.id,
        name: 'plan.txt',
        storageKey: alertFile,
        contentType: 'text/plain',
        size: 10,
      },
    });
    await api.db.attachment.create({
      data: {
        companyId: company.id,
        commentId: comment.id,
        name: 'exit.txt',
        storageKey: commentFile,
        contentType: 'text/plain',
        size: 10,
      },
    });

    let response: Awaited<ReturnType<typeof api.call<any>>> | undefined;
    const events = await alertChangedDuring(admin.token, company.id, async () => {
      response = await api.call('DELETE', `/api/alerts/${alert.id}`, { token: admin.token });
    });
    expect(response!.status).toBe(200);
    expect(response!.body).toEqual({});
    expect(events).toEqual({ alertId: alert.id });
    expect(await api.db.alert.count({ where: { id: alert.id } })).toBe(0);
    expect(await api.db.alertRecipient.count({ where: { alertId: alert.id } })).toBe(0);
    expect(await api.db.receipt.count({ where: { alertId: alert.id } })).toBe(0);
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(0);
    expect(await api.db.attachment.count({ where: { storageKey: { in: [alertFile, commentFile] } } })).toBe(0);
    expect(await files.stat(alertFile)).toBeNull();
    expect(await files.stat(commentFile)).toBeNull();
    expect(await files.stat(unrelatedFile)).not.toBeNull();

    expect((await api.call('GET', `/api/alerts/${alert.id}`, { token: admin.token })).status).toBe(404);
    expect((await api.call('DELETE', `/api/alerts/${alert.id}`, { token: admin.token })).status).toBe(404);
  });

  it('lets the sender delete their closed alert; refuses recipients (403) and those who cannot see it (404)', async () => {
    const { sender, recipient, bystander, stranger, alert } = await arrange();
    await api.db.alert.update({ where: { id: alert.id }, data: { status: 'completed', closedAt: new Date() } });
    expect((await api.call('DELETE', `/api/alerts/${alert.id}`, { token: recipient.token })).status).toBe(403);
    expect((await api.call('DELETE', `/api/alerts/${alert.id}`, { token: bystander.token })).status).toBe(404);
    expect((await api.call('DELETE', `/api/alerts/${alert.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api.call('DELETE', `/api/alerts/${alert.id}`)).status).toBe(401);
    expect(await api.db.alert.count({ where: { id: alert.id } })).toBe(1);
    expect((await api.call('DELETE', `/api/alerts/${alert.id}`, { token: sender.token })).status).toBe(200);
    expect(await api.db.alert.count({ where: { id: alert.id } })).toBe(0);
  });

  it('deletes its author’s draft (the way of deleteDraft), not another admin’s', async () => {
    const { company, admin } = await arrange();
    const otherAdmin = await createMember(api.db, company.id, 'admin');
    const draft = await insertAlert(api.db, { companyId: company.id, authorId: admin.user.id, status: 'draft' });
    expect((await api.call('DELETE', `/api/alerts/${draft.id}`, { token: otherAdmin.token })).status).toBe(404);
    expect((await api.call('DELETE', `/api/alerts/${draft.id}`, { token: admin.token })).status).toBe(200);
    expect(await api.db.alert.count({ where: { id: draft.id } })).toBe(0);
  });
});
