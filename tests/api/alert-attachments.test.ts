import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { MAX_ATTACHMENT_BYTES } from '@/lib/attachments/attachment-limits';
import { insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import { createCompany, createMember } from '../helpers/fixtures';

// Attachment upload and delete links and the claiming of uploads, through the real server with the s3 driver against
// the S3 stand-in (which checks the presigned signatures): limits, whose keys may be claimed, and delete links.
let s3: FakeS3;
const serverEnv: Record<string, string> = {};
beforeAll(async () => {
  // Runs before the API context's own beforeAll, which starts the server with serverEnv.
  s3 = await startFakeS3({ bucket: 'tocsin-attachments' });
  Object.assign(serverEnv, {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.url,
    S3_REGION: s3.region,
    S3_BUCKET: 'tocsin-attachments',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
});
const api = useApiTestContext(serverEnv);
afterAll(() => s3?.stop());

async function arrange(status: 'active' | 'completed' = 'active') {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const recipient = await createMember(api.db, company.id, 'user', 'Rita Recipient');
  const bystander = await createMember(api.db, company.id, 'user', 'Bea Bystander');
  const stranger = await createMember(api.db, other.id, 'admin', 'Sten Stranger');
  const alert = await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    status,
    recipients: [{ userId: recipient.user.id }],
  });
  return { company, other, admin, recipient, bystander, stranger, alert };
}

const alertLink = (token: string | undefined, name: string, query: Record<string, string>) =>
  api.call('GET', `/api/alerts/attachmentUploadUrl/${encodeURIComponent(name)}?${new URLSearchParams(query)}`, {
    token,
  });
const commentLink = (token: string, alertId: string, name: string, query: Record<string, string>) =>
  api.call(
    'GET',
    `/api/alerts/${alertId}/comments/attachmentUploadUrl/${encodeURIComponent(name)}?${new URLSearchParams(query)}`,
    { token },
  );
const comment = (token: string, alertId: string, attachments: unknown) =>
  api.call('POST', `/api/alerts/${alertId}/comments`, { token, body: { message: 'See attached', attachments } });

async function upload(
  link: { body: { url: string; method: string; headers: Record<string, string> } },
  content: Buffer,
) {
  const response = await fetch(link.body.url, {
    method: link.body.method,
    headers: link.body.headers,
    body: new Uint8Array(content),
  });
  expect(response.status).toBe(200);
}

/** An uploaded file of the person, through the comment upload link. */
async function uploaded(
  token: string,
  alertId: string,
  name = 'notes.txt',
  contentType = 'text/plain',
  content = Buffer.from('notes'),
) {
  const link = await commentLink(token, alertId, name, { contentType, size: String(content.length) });
  expect(link.status).toBe(200);
  await upload(link, content);
  return link.body.key as string;
}

describe('GET /api/alerts/attachmentUploadUrl/{name} (admin)', () => {
  it('gives an admin a presigned PUT under their upload prefix; the file lands in the bucket', async () => {
    const { company, admin } = await arrange();
    const link = await alertLink(admin.token, 'Kart over området.png', { contentType: 'image/png', size: '3' });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      url: expect.stringContaining(s3.url),
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      key: expect.any(String),
      maxBytes: MAX_ATTACHMENT_BYTES,
    });
    expect(link.body.key).toMatch(
      new RegExp(`^companies/${company.id}/uploads/${admin.user.id}/[0-9a-f-]{36}/Kart-over-omradet.png$`),
    );
    await upload(link, Buffer.from('png'));
    expect(s3.objects.get(link.body.key)).toMatchObject({ contentType: 'image/png' });
  });

  it('refuses other roles (403), no session (401), bad types (400) and too large files (413)', async () => {
    const { admin, recipient } = await arrange();
    expect(await alertLink(recipient.token, 'a.png', { contentType: 'image/png', size: '3' })).toMatchObject({
      status: 403,
    });
    expect(await alertLink(undefined, 'a.png', { contentType: 'image/png', size: '3' })).toMatchObject({ status: 401 });
    expect(await alertLink(admin.token, 'page.html', { contentType: 'text/html', size: '3' })).toMatchObject({
      status: 400,
      body: { errors: ['page.html: files of type text/html cannot be attached'], code: 'attachmentType' },
    });
    expect(
      await alertLink(admin.token, 'film.mp4', { contentType: 'video/mp4', size: String(MAX_ATTACHMENT_BYTES + 1) }),
    ).toMatchObject({
      status: 413,
      body: { errors: ['film.mp4 is larger than 25 MB'], code: 'attachmentTooLarge' },
    });
    expect(await alertLink(admin.token, 'a.png', { contentType: 'png', size: '3' })).toMatchObject({
      status: 400,
      body: { errors: ['contentType is not valid'] },
    });
    expect(await alertLink(admin.token, 'a.png', { contentType: 'image/png' })).toMatchObject({
      status: 400,
      body: { errors: ['size is required'] },
    });
    expect(await alertLink(admin.token, 'a.png', { contentType: 'image/png', size: '-1' })).toMatchObject({
      status: 400,
    });
    expect(await alertLink(admin.token, 'x'.repeat(201), { contentType: 'image/png', size: '1' })).toMatchObject({
      status: 400,
    });
  });
});

describe('GET /api/alerts/{id}/comments/attachmentUploadUrl/{name}', () => {
  it('is for anyone who sees the active alert: 404 for others, 409 once closed', async () => {
    const { recipient, bystander, stranger, alert } = await arrange();
    const query = { contentType: 'application/pdf', size: '10' };
    expect((await commentLink(recipient.token, alert.id, 'plan.pdf', query)).status).toBe(200);
    expect((await commentLink(bystander.token, alert.id, 'plan.pdf', query)).status).toBe(404);
    expect((await commentLink(stranger.token, alert.id, 'plan.pdf', query)).status).toBe(404);
    expect((await commentLink(recipient.token, 'nope', 'plan.pdf', query)).status).toBe(404);
    const closed = await arrange('completed');
    expect(await commentLink(closed.recipient.token, closed.alert.id, 'plan.pdf', query)).toMatchObject({
      status: 409,
      body: { code: 'alertClosed' },
    });
  });
});

describe('claiming uploads with a comment', () => {
  it('attaches up to 10 files in order and serves them through presigned links', async () => {
    const { admin, recipient, alert } = await arrange();
    const names = Array.from({ length: 10 }, (_, i) => `file-${String(i).padStart(2, '0')}.txt`);
    const keys = [];
    for (const name of names)
      keys.push(await uploaded(recipient.token, alert.id, name, 'text/plain', Buffer.from(`content of ${name}`)));
    const posted = await comment(
      recipient.token,
      alert.id,
      keys.map((key, i) => ({ key, name: names[i] })),
    );
    expect(posted.status).toBe(201);
    expect(posted.body.attachments.map((a: { name: string }) => a.name)).toEqual(names);
    const list = await api.call('GET', `/api/alerts/${alert.id}/comments`, { token: admin.token });
    const [first] = list.body.items[0].attachments;
    expect(first).toMatchObject({
      name: 'file-00.txt',
      size: 'content of file-00.txt'.length,
      contentType: 'text/plain',
    });
    const inline = await fetch(first.url);
    expect([inline.status, await inline.text()]).toEqual([200, 'content of file-00.txt']);
    const download = await fetch(first.presignedUrl);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="file-00.txt"; filename*=UTF-8''file-00.txt`,
    );

    const eleven = [...keys, keys[0]].map((key) => ({ key, name: 'x.txt' }));
    expect(await comment(recipient.token, alert.id, eleven)).toMatchObject({
      status: 400,
      body: { errors: ['attachments is not valid'] },
    });
  });

  it('refuses keys of another person or company, files never uploaded, and the same file twice', async () => {
    const { company, admin, recipient, alert } = await arrange();
    const admins = await uploaded(admin.token, alert.id);
    const foreignCompany = `companies/${(await createCompany(api.db)).id}/uploads/${recipient.user.id}/00000000-0000-4000-8000-000000000001/a.txt`;
    s3.objects.set(foreignCompany, { body: Buffer.from('x'), contentType: 'text/plain', lastModified: new Date() });
    const notUploaded = (
      await commentLink(recipient.token, alert.id, 'never.txt', { contentType: 'text/plain', size: '5' })
    ).body.key;
    const own = await uploaded(recipient.token, alert.id);
    const cases: [unknown, number, string[], string | undefined][] = [
      [[{ key: admins, name: 'a.txt' }], 400, ['a.txt was not uploaded by you'], 'notUploaded'],
      [[{ key: foreignCompany, name: 'b.txt' }], 400, ['b.txt was not uploaded by you'], 'notUploaded'],
      [
        [{ key: `users/${recipient.user.id}/photo-1.png`, name: 'c.png' }],
        400,
        ['c.png was not uploaded by you'],
        'notUploaded',
      ],
      [[{ key: notUploaded, name: 'never.txt' }], 400, ['never.txt has not been uploaded'], 'notUploaded'],
      [
        [
          { key: own, name: 'a.txt' },
          { key: own, name: 'b.txt' },
        ],
        400,
        ['The same file is attached twice'],
        undefined,
      ],
      [
        [
          { key: own, name: 'fine.txt' },
          { key: notUploaded, name: 'never.txt' },
        ],
        400,
        ['never.txt has not been uploaded'],
        'notUploaded',
      ],
    ];
    for (const [attachments, status, errors, code] of cases) {
      const answer = await comment(recipient.token, alert.id, attachments);
      expect([attachments, answer.status, answer.body]).toEqual([
        attachments,
        status,
        code ? { errors, code } : { errors },
      ]);
    }
    // Nothing of the failed comments stayed: no comment, no attachment, and the good file is still free to claim.
    expect(await api.db.alertComment.count({ where: { alertId: alert.id } })).toBe(0);
    expect(await api.db.attachment.count({ where: { companyId: company.id } })).toBe(0);
    expect((await comment(recipient.token, alert.id, [{ key: own, name: 'fine.txt' }])).status).toBe(201);
  });

  it('checks the stored file itself: its type (400) and its size, which a presigned PUT cannot limit (413)', async () => {
    const { recipient, alert } = await arrange();
    const html = await uploaded(recipient.token, alert.id, 'notes.txt');
    s3.objects.get(html)!.contentType = 'text/html';
    expect(await comment(recipient.token, alert.id, [{ key: html, name: 'notes.txt' }])).toMatchObject({
      status: 400,
      body: { errors: ['notes.txt: files of type text/html cannot be attached'], code: 'attachmentType' },
    });
    const link = await commentLink(recipient.token, alert.id, 'big.mp4', { contentType: 'video/mp4', size: '100' });
    await upload(link, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1));
    expect(await comment(recipient.token, alert.id, [{ key: link.body.key, name: 'big.mp4' }])).toMatchObject({
      status: 413,
      body: { errors: ['big.mp4 is larger than 25 MB'], code: 'attachmentTooLarge' },
    });
    expect(await api.db.attachment.count({ where: { companyId: alert.companyId } })).toBe(0);
  });
});

describe('GET /api/alerts/attachmentDeleteUrl/{name}', () => {
  it("gives a presigned DELETE for the admin's own unclaimed upload, 404 otherwise", async () => {
    const { admin, recipient, stranger, alert } = await arrange();
    const link = await alertLink(admin.token, 'map.png', { contentType: 'image/png', size: '3' });
    await upload(link, Buffer.from('png'));
    const key: string = link.body.key;
    const deleteLink = (token: string, name = 'map.png', k = key) =>
      api.call('GET', `/api/alerts/attachmentDeleteUrl/${name}?key=${encodeURIComponent(k)}`, { token });

    const other = await createMember(api.db, alert.companyId, 'admin', 'Olav Otheradmin');
    expect((await deleteLink(other.token)).status).toBe(404);
    expect((await deleteLink(stranger.token)).status).toBe(404);
    expect((await deleteLink(recipient.token)).status).toBe(403);
    expect((await deleteLink(admin.token, 'other.png')).status).toBe(404);
    expect((await api.call('GET', `/api/alerts/attachmentDeleteUrl/map.png`, { token: admin.token })).body).toEqual({
      errors: ['key is required'],
    });

    const granted = await deleteLink(admin.token);
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ url: expect.stringContaining(s3.url), method: 'DELETE' });
    expect((await fetch(granted.body.url, { method: 'DELETE' })).status).toBe(204);
    expect(s3.objects.has(key)).toBe(false);
    expect((await deleteLink(admin.token)).status).toBe(404);
  });

  it('refuses a delete link for an upload once it is attached', async () => {
    const { recipient, alert } = await arrange();
    const key = await uploaded(recipient.token, alert.id, 'kept.txt');
    expect((await comment(recipient.token, alert.id, [{ key, name: 'kept.txt' }])).status).toBe(201);
    const answer = await api.call(
      'GET',
      `/api/alerts/${alert.id}/comments/attachmentDeleteUrl/kept.txt?key=${encodeURIComponent(key)}`,
      { token: recipient.token },
    );
    expect(answer).toMatchObject({ status: 404, body: { errors: ['The upload was not found'] } });
    expect(s3.objects.has(key)).toBe(true);
  });
});
