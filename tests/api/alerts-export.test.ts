import { describe, it, expect } from '@jest/globals';
import Papa from 'papaparse';
import { insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// GET /api/alerts/export: the company's sent alerts of a period (Norwegian calendar days, both included) as CSV.
const api = useApiTestContext();

const HEADER = [
  'id',
  'sentAt',
  'type',
  'status',
  'title',
  'message',
  'author',
  'closedAt',
  'recipients',
  'outOfTarget',
  'deliveredApp',
  'receivedinapp',
  'received',
  'deliveredSms',
  'receivedassms',
  'failed',
  'fallback',
  'fallbacksms',
  'sent',
  'processing',
];

async function arrange() {
  const company = await createCompany(api.db);
  const other = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Åse Ødegård');
  const member = await createMember(api.db, company.id, 'user', 'Ulf User');
  const outside = await createMember(api.db, company.id, 'user');
  const stranger = await createMember(api.db, other.id, 'admin');
  // 23:30 UTC on 1 March is 00:30 on 2 March in Oslo (UTC+1 in winter).
  const earlyMorning = await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    title: 'Gas leak, "hall B"',
    message: 'Leave now;\nuse the stairs',
    sentAt: new Date('2026-03-01T23:30:00Z'),
    status: 'completed',
    closedAt: new Date('2026-03-02T08:00:00Z'),
    recipients: [
      {
        userId: member.user.id,
        receipts: [
          { channel: 'push', state: 'seen' },
          { channel: 'sms', state: 'delivered' },
        ],
      },
      {
        userId: admin.user.id,
        receipts: [
          { channel: 'push', state: 'failed' },
          { channel: 'sms', state: 'failed' },
        ],
      },
      { userId: outside.user.id, inTarget: false },
    ],
  });
  const later = await insertAlert(api.db, {
    companyId: company.id,
    authorId: member.user.id,
    type: 'alarm',
    title: '=HYPERLINK("http://evil")',
    sentAt: new Date('2026-03-04T12:00:00Z'),
  });
  await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    title: 'Before',
    sentAt: new Date('2026-03-01T22:59:00Z'),
  });
  await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    title: 'After',
    sentAt: new Date('2026-03-04T23:00:00Z'),
  });
  await insertAlert(api.db, { companyId: company.id, authorId: admin.user.id, status: 'draft', title: 'Draft' });
  await insertAlert(api.db, {
    companyId: other.id,
    authorId: stranger.user.id,
    title: 'Foreign',
    sentAt: new Date('2026-03-03T12:00:00Z'),
  });
  return { company, admin, member, stranger, earlyMorning, later };
}

/** The export as the browser downloads it, and its rows (after the UTF-8 byte order mark). */
async function download(token: string, query: string) {
  const response = await fetch(`${api.url}/api/alerts/export${query}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Api-Version': '2.2' },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const result = Papa.parse<string[]>(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return { response, rows: result.data };
}

describe('GET /api/alerts/export', () => {
  it('gives the alerts sent in the period as a CSV file, oldest first, with delivery counts', async () => {
    const { admin, earlyMorning, later } = await arrange();
    const { response, rows } = await download(admin.token, '?from=2026-03-02&to=2026-03-04');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="alerts-2026-03-02-2026-03-04.csv"; filename*=UTF-8''alerts-2026-03-02-2026-03-04.csv`,
    );
    expect(response.headers.get('x-api-version')).toBe('2.2');
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(3);
    const first = Object.fromEntries(HEADER.map((column, index) => [column, rows[1][index]]));
    expect(first).toEqual({
      id: earlyMorning.id,
      sentAt: '2026-03-01T23:30:00.000Z',
      type: 'urgentAlert',
      status: 'completed',
      title: 'Gas leak, "hall B"',
      message: 'Leave now;\nuse the stairs',
      author: 'Åse Ødegård',
      closedAt: '2026-03-02T08:00:00.000Z',
      recipients: '2',
      outOfTarget: '1',
      deliveredApp: '0',
      receivedinapp: '1',
      received: '0',
      deliveredSms: '0',
      receivedassms: '0',
      failed: '1',
      fallback: '0',
      fallbacksms: '0',
      sent: '0',
      processing: '0',
    });
    // A cell a spreadsheet would run as a formula is escaped.
    expect(rows[2].slice(0, 8)).toEqual([
      later.id,
      '2026-03-04T12:00:00.000Z',
      'alarm',
      'active',
      `'=HYPERLINK("http://evil")`,
      later.message,
      'Ulf User',
      '',
    ]);
    expect(rows[2].slice(8).every((count) => count === '0')).toBe(true);
  });

  it('counts days in Norwegian time, both ends included', async () => {
    const { admin } = await arrange();
    const titlesFor = async (from: string, to: string) =>
      (await download(admin.token, `?from=${from}&to=${to}`)).rows.slice(1).map((row) => row[4]);
    expect(await titlesFor('2026-03-01', '2026-03-01')).toEqual(['Before']);
    expect(await titlesFor('2026-03-05', '2026-03-05')).toEqual(['After']);
    expect(await titlesFor('2026-03-01', '2026-03-05')).toHaveLength(4);
    expect(await titlesFor('2025-01-01', '2025-12-31')).toEqual([]);
  });

  it('refuses missing, bad and reversed dates, and a period over 366 days', async () => {
    const { admin } = await arrange();
    const errors = async (query: string) => {
      const response = await api.call('GET', `/api/alerts/export${query}`, { token: admin.token });
      expect(response.status).toBe(400);
      return response.body.errors;
    };
    expect(await errors('')).toEqual(['from is required', 'to is required']);
    expect(await errors('?from=2026-02-30&to=2026-03-01')).toEqual(['from is not valid']);
    expect(await errors('?from=2026-03-01&to=01.04.2026')).toEqual(['to is not valid']);
    expect(await errors('?from=2026-03-02&to=2026-03-01')).toEqual(['to cannot be before from']);
    expect(await errors('?from=2024-01-01&to=2025-01-01')).toEqual(['The period cannot be longer than 366 days']);
    expect(
      (await api.call('GET', '/api/alerts/export?from=2024-01-01&to=2024-12-31', { token: admin.token })).status,
    ).toBe(200);
  });

  it('is for admins only', async () => {
    const { member, company } = await arrange();
    expect(
      (await api.call('GET', '/api/alerts/export?from=2026-03-01&to=2026-03-02', { token: member.token })).status,
    ).toBe(403);
    expect(
      (await api.call('GET', '/api/alerts/export?from=2026-03-01&to=2026-03-02', { customerId: company.id })).status,
    ).toBe(401);
  });
});
