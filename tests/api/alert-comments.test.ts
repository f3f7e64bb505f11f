import { describe, it, expect, afterAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAlertCast } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany } from '../helpers/company-events';

// The alert timeline: comments by anyone who sees an active alert, updates by an admin or the sender (which may close
// it), paging, the alertChanged event, and a comment's files from upload link to download (local storage driver).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tocsin-comment-files-'));
const api = useApiTestContext({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const arrange = (status: 'active' | 'completed' | 'draft' = 'active') => createAlertCast(api.db, status);

const comment = (token: string, alertId: string, body: unknown) =>
  api.call('POST', `/api/alerts/${alertId}/comments`, { token, body });
const update = (token: string, alertId: string, body: unknown) =>
  api.call('POST', `/api/alerts/${alertId}/comments/update`, { token, body });
const timeline = (token: string, alertId: string, query = '') =>
  api.call('GET', `/api/alerts/${alertId}/comments${query}`, { token });

async function uploadFor(token: string, alertId: string, name: string, contentType: string, content: Buffer) {
  const query = new URLSearchParams({ contentType, size: String(content.length) });
  const link = await api.call(
    'GET',
    `/api/alerts/${alertId}/comments/attachmentUploadUrl/${encodeURIComponent(name)}?${query}`,
    { token },
  );
  expect(link.status).toBe(200);
  const put = await fetch(link.body.url, {
    method: link.body.method,
    headers: link.body.headers,
    body: new Uint8Array(content),
  });
  expect(put.status).toBe(200);
  return link.body.key as string;
}

describe('POST /api/alerts/{id}/comments', () => {
  it('lets the sender, a recipient and an admin comment, and tells the company', async () => {
    const { company, admin, sender, recipient, alert } = await arrange();
    const listener = await listenToCompany(api.url, admin.token, company.id);
    const changed = listener.next(`alertChangedCustomerId:${company.id}`);
    const posted = await comment(recipient.token, alert.id, { message: '  I am out of the building  ' });
    expect(await changed.finally(() => listener.close())).toEqual({ alertId: alert.id });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      timelineId: expect.any(String),
      messageType: 'comment',
      message: 'I am out of the building',
      author: 'Rita Recipient',
      authorId: recipient.user.id,
      photo: null,
      created: expect.any(String),
      completes: false,
      attachments: [],
    });
    expect(Math.abs(new Date(posted.body.created).getTime() - Date.now())).toBeLessThan(60_000);

    expect((await comment(sender.token, alert.id, { message: 'Thanks' })).status).toBe(201);
    expect((await comment(admin.token, alert.id, { message: 'Assembly point B' })).status).toBe(201);
    const stored = await api.db.alertComment.findMany({ where: { alertId: alert.id }, orderBy: { createdAt: 'asc' } });
    expect(stored.map((row) => [row.companyId, row.messageType, row.message])).toEqual([
      [company.id, 'comment', 'I am out of the building'],
      [company.id, 'comment', 'Thanks'],
      [company.id, 'comment', 'Assembly point B'],
    ]);
  });

  it('posts a comment sent again with the same clientId once (a reply the responder queued offline)', async () => {
    const { admin, recipient, alert } = await arrange();
    const clientId = randomUUID();
    const first = await comment(recipient.token, alert.id, { message: 'Out of the building', clientId });
    expect(first.status).toBe(201);
    // Sent again after its answer was lost, at the same time as a third try: one comment, the same answer to each.
    const [again, third] = await Promise.all([
      comment(recipient.token, alert.id, { message: 'Out of the building', clientId }),
      comment(recipient.token, alert.id, { message: 'Out of the building', clientId }),
    ]);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    // The id is the author's own: another person using it, or another id, posts a comment of its own.
    expect((await comment(admin.token, alert.id, { message: 'Noted', clientId })).body.timelineId).not.toBe(
      first.body.timelineId,
    );
    await comment(recipient.token, alert.id, { message: 'Out of the building', clientId: randomUUID() });
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(3);
    expect((await comment(recipient.token, alert.id, { message: 'x', clientId: 'not-an-id' })).status).toBe(400);
  });

  it('refuses an empty, blank or too long message and bad attachments with 400', async () => {
    const { recipient, alert } = await arrange();
    const cases: [unknown, string[]][] = [
      [{}, ['message is required']],
      [{ message: '   ' }, ['message is required']],
      [{ message: 'x'.repeat(2001) }, ['message cannot be longer than 2000 characters']],
      [{ message: 'ok', attachments: [{ key: 'k' }] }, ['attachments.0.name is required']],
      [{ message: 'ok', attachments: 'none' }, ['attachments is not valid']],
    ];
    for (const [body, errors] of cases) {
      const answer = await comment(recipient.token, alert.id, body);
      expect([body, answer.status, answer.body]).toEqual([body, 400, { errors }]);
    }
    expect((await comment(recipient.token, alert.id, { message: 'x'.repeat(2000) })).status).toBe(201);
  });

  it('hides the alert from people who may not see it (404) and needs a session (401)', async () => {
    const { outside, bystander, stranger, alert } = await arrange();
    for (const who of [outside, bystander, stranger]) {
      const answer = await comment(who.token, alert.id, { message: 'Hello' });
      expect(answer).toMatchObject({ status: 404, body: { errors: ['The alert was not found'] } });
      expect((await timeline(who.token, alert.id)).status).toBe(404);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await comment(bystander.token, id, { message: 'Hello' })).status).toBe(404);
    }
    expect((await api.call('POST', `/api/alerts/${alert.id}/comments`, { body: { message: 'Hello' } })).status).toBe(
      401,
    );
    expect((await api.call('GET', `/api/alerts/${alert.id}/comments`)).status).toBe(401);
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(0);
  });

  it('refuses comments on a closed alert (409 alertClosed) and on a draft (409 notSent)', async () => {
    const closed = await arrange('completed');
    const answer = await comment(closed.recipient.token, closed.alert.id, { message: 'Too late' });
    expect(answer).toMatchObject({
      status: 409,
      body: { errors: ['A closed alert cannot be commented'], code: 'alertClosed' },
    });
    expect((await update(closed.admin.token, closed.alert.id, { message: 'Too late' })).body.code).toBe('alertClosed');
    const draft = await arrange('draft');
    expect((await comment(draft.sender.token, draft.alert.id, { message: 'Note' })).body).toEqual({
      errors: ['A draft cannot be commented'],
      code: 'notSent',
    });
    expect(await api.db.alertComment.count({ where: { alertId: { in: [closed.alert.id, draft.alert.id] } } })).toBe(0);
  });
});

describe('POST /api/alerts/{id}/comments/update', () => {
  it('lets an admin or the sender post updates, and nobody else (403)', async () => {
    const { admin, sender, recipient, bystander, stranger, alert } = await arrange();
    const byAdmin = await update(admin.token, alert.id, { message: 'Fire brigade on site' });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({
      messageType: 'update',
      message: 'Fire brigade on site',
      author: 'Ada Admin',
      completes: false,
    });
    expect(
      (await update(sender.token, alert.id, { message: 'Stay at the assembly point', complete: false })).status,
    ).toBe(201);

    expect(await update(recipient.token, alert.id, { message: 'Me too' })).toMatchObject({
      status: 403,
      body: { errors: ['Only an admin or the sender can post an update'] },
    });
    expect((await update(bystander.token, alert.id, { message: 'Me too' })).status).toBe(404);
    expect((await update(stranger.token, alert.id, { message: 'Me too' })).status).toBe(404);
    expect((await update(admin.token, alert.id, { message: '' })).status).toBe(400);
    expect((await update(admin.token, alert.id, { message: 'ok', complete: 'yes' })).body).toEqual({
      errors: ['complete is not valid'],
    });
    expect((await api.call('POST', `/api/alerts/${alert.id}/comments/update`, { body: { message: 'x' } })).status).toBe(
      401,
    );
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alert.id } })).toMatchObject({ status: 'active' });
  });

  it('closes the alert with complete=true, after which nothing more can be posted', async () => {
    const { company, sender, recipient, alert } = await arrange();
    const key = await uploadFor(sender.token, alert.id, 'all-clear.txt', 'text/plain', Buffer.from('All clear'));
    const listener = await listenToCompany(api.url, recipient.token, company.id);
    const changed = listener.next(`alertChangedCustomerId:${company.id}`);
    const closing = await update(sender.token, alert.id, {
      message: 'All clear',
      complete: true,
      attachments: [{ key, name: 'all-clear.txt' }],
    });
    expect(await changed.finally(() => listener.close())).toEqual({ alertId: alert.id });
    expect(closing.status).toBe(201);
    expect(closing.body).toMatchObject({
      messageType: 'update',
      message: 'All clear',
      completes: true,
      authorId: sender.user.id,
      attachments: [{ name: 'all-clear.txt' }],
    });
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alert.id } })).toMatchObject({
      status: 'completed',
      closedById: sender.user.id,
    });
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(1);

    expect((await comment(recipient.token, alert.id, { message: 'Can I go home?' })).status).toBe(409);
    expect((await update(sender.token, alert.id, { message: 'Again', complete: true })).body.code).toBe('alertClosed');
    const list = await timeline(recipient.token, alert.id);
    expect(list.body.items.map((item: { message: string }) => item.message)).toEqual(['All clear']);
  });

  it('does not close the alert when the closing update fails (one transaction)', async () => {
    const { admin, alert } = await arrange();
    const answer = await update(admin.token, alert.id, {
      message: 'Closing',
      complete: true,
      attachments: [{ key: 'companies/x/uploads/y/z/a.txt', name: 'a.txt' }],
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'notUploaded' } });
    expect(await api.db.alert.findUniqueOrThrow({ where: { id: alert.id } })).toMatchObject({
      status: 'active',
      closedAt: null,
    });
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(0);
  });
});

describe('the timeline: GET /api/alerts/{id}/comments and POST /api/getAlertMessages', () => {
  it('lists oldest first, pages, and answers the same through both calls', async () => {
    const { admin, sender, recipient, alert } = await arrange();
    const base = Date.now() - 60_000;
    // Written with explicit times, newest first, so that the order cannot come from insertion order.
    for (let i = 4; i >= 0; i -= 1) {
      await api.db.alertComment.create({
        data: {
          alertId: alert.id,
          companyId: alert.companyId,
          authorId: i % 2 ? sender.user.id : recipient.user.id,
          message: `m${i}`,
          messageType: i === 3 ? 'update' : 'comment',
          createdAt: new Date(base + i * 1000),
        },
      });
    }
    const all = await timeline(recipient.token, alert.id);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 1000, total: 5 });
    expect(all.body.items.map((item: { message: string }) => item.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(all.body.items[3]).toMatchObject({ messageType: 'update', author: 'Sam Sender', authorId: sender.user.id });
    expect(all.body.items[0].created).toBe(new Date(base).toISOString());

    const second = await timeline(admin.token, alert.id, '?page=2&pageSize=2');
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.body.items.map((item: { message: string }) => item.message)).toEqual(['m2', 'm3']);
    expect((await timeline(admin.token, alert.id, '?page=4&pageSize=2')).body).toMatchObject({ items: [], total: 5 });
    expect((await timeline(admin.token, alert.id, '?pageSize=1001')).status).toBe(400);
    expect((await timeline(admin.token, alert.id, '?page=0')).status).toBe(400);

    const messages = await api.call('POST', '/api/getAlertMessages', {
      token: admin.token,
      body: { alertId: alert.id, page: 2, pageSize: 2 },
    });
    expect(messages.status).toBe(200);
    expect(messages.body).toEqual(second.body);
    const defaults = await api.call('POST', '/api/getAlertMessages', {
      token: recipient.token,
      body: { alertId: alert.id },
    });
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 1000, total: 5 });
  });

  it('answers 404 for an alert the caller may not see, 400 without alertId', async () => {
    const { outside, stranger, admin, alert } = await arrange();
    for (const who of [outside, stranger]) {
      expect(
        (await api.call('POST', '/api/getAlertMessages', { token: who.token, body: { alertId: alert.id } })).status,
      ).toBe(404);
    }
    expect(
      (await api.call('POST', '/api/getAlertMessages', { token: admin.token, body: { alertId: 'nope' } })).status,
    ).toBe(404);
    expect((await api.call('POST', '/api/getAlertMessages', { token: admin.token, body: {} })).body).toEqual({
      errors: ['alertId is required'],
    });
  });

  it("keeps a comment when its author's account is gone", async () => {
    const { admin, recipient, alert } = await arrange();
    await comment(recipient.token, alert.id, { message: 'Here' });
    await api.db.user.delete({ where: { id: recipient.user.id } });
    const list = await timeline(admin.token, alert.id);
    expect(list.body.items).toEqual([
      expect.objectContaining({ message: 'Here', author: null, authorId: null, photo: null }),
    ]);
  });
});

describe('comment attachments (local storage)', () => {
  it('uploads, claims with the comment, and serves the file inline and as a named download', async () => {
    const { recipient, admin, alert } = await arrange();
    const content = Buffer.from('%PDF-1.4 evacuation plan');
    const key = await uploadFor(recipient.token, alert.id, 'Evakueringsplan ø.pdf', 'application/pdf', content);
    expect(key).toMatch(
      new RegExp(`^companies/${alert.companyId}/uploads/${recipient.user.id}/[0-9a-f-]{36}/Evakueringsplan-o.pdf$`),
    );

    const posted = await comment(recipient.token, alert.id, {
      message: 'The plan',
      attachments: [{ key, name: 'Evakueringsplan ø.pdf' }],
    });
    expect(posted.status).toBe(201);
    expect(posted.body.attachments).toEqual([
      {
        id: expect.any(String),
        name: 'Evakueringsplan ø.pdf',
        url: expect.any(String),
        presignedUrl: expect.any(String),
        size: content.length,
        contentType: 'application/pdf',
      },
    ]);
    const [attachment] = (await timeline(admin.token, alert.id)).body.items[0].attachments;
    const inline = await fetch(attachment.url);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await inline.arrayBuffer()).equals(content)).toBe(true);
    const download = await fetch(attachment.presignedUrl);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Evakueringsplan _.pdf"; filename*=UTF-8''Evakueringsplan%20%C3%B8.pdf`,
    );
    expect(await api.db.attachment.findUniqueOrThrow({ where: { storageKey: key } })).toMatchObject({
      commentId: posted.body.timelineId,
      alertId: null,
      uploadedById: recipient.user.id,
      companyId: alert.companyId,
    });

    // Claimed: it cannot be attached again, nor deleted through a link.
    const again = await comment(recipient.token, alert.id, { message: 'Again', attachments: [{ key, name: 'x.pdf' }] });
    expect(again).toMatchObject({
      status: 400,
      body: { errors: ['x.pdf is already attached elsewhere'], code: 'notUploaded' },
    });
    const deleteLink = await api.call(
      'GET',
      `/api/alerts/${alert.id}/comments/attachmentDeleteUrl/Evakueringsplan-o.pdf?key=${encodeURIComponent(key)}`,
      { token: recipient.token },
    );
    expect(deleteLink.status).toBe(404);
  });

  it('gives a delete link for an unclaimed upload of the caller only, which removes the file', async () => {
    const { recipient, sender, outside, alert } = await arrange();
    const key = await uploadFor(recipient.token, alert.id, 'photo.png', 'image/png', Buffer.from('png'));
    const path = (name: string, k = key) =>
      `/api/alerts/${alert.id}/comments/attachmentDeleteUrl/${name}?key=${encodeURIComponent(k)}`;
    expect((await api.call('GET', path('photo.png'), { token: sender.token })).status).toBe(404);
    expect((await api.call('GET', path('photo.png'), { token: outside.token })).status).toBe(404);
    expect((await api.call('GET', path('other.png'), { token: recipient.token })).status).toBe(404);
    expect(
      (
        await api.call(
          'GET',
          path('photo.png', key.replace(/[0-9a-f-]{36}\/photo/, '00000000-0000-4000-8000-000000000000/photo')),
          { token: recipient.token },
        )
      ).status,
    ).toBe(404);

    const link = await api.call('GET', path('photo.png'), { token: recipient.token });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ url: expect.stringContaining('/api/files/'), method: 'DELETE' });
    expect((await fetch(link.body.url, { method: 'DELETE' })).status).toBe(200);
    const claim = await comment(recipient.token, alert.id, {
      message: 'Photo',
      attachments: [{ key, name: 'photo.png' }],
    });
    expect(claim).toMatchObject({
      status: 400,
      body: { errors: ['photo.png has not been uploaded'], code: 'notUploaded' },
    });
    expect((await api.call('GET', path('photo.png'), { token: recipient.token })).status).toBe(404);
  });
});
