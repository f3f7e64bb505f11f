import { describe, it, expect } from '@jest/globals';
import Papa from 'papaparse';
import { DELIVERY_STATUSES } from '@/lib/alerts/delivery-status';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';
import english from '@/messages/en-us.json';
import spanish from '@/messages/es-es.json';
import norwegian from '@/messages/no-nb.json';
import danish from '@/messages/da-dk.json';
import swedish from '@/messages/sv-se.json';

// GET /api/alerts/export: the company's sent alerts of a period (Norwegian calendar days, both included) as CSV for
// spreadsheets, in the exporter's language with the interface's words.
const api = useApiTestContext();

const MESSAGES: Record<Locale, typeof english> = {
  'en-us': english,
  'es-es': spanish,
  'no-nb': norwegian,
  'da-dk': danish,
  'sv-se': swedish,
};

const ENGLISH_HEADER = [
  'ID',
  'Sent',
  'Severity',
  'Status',
  'Title',
  'Message',
  'Sender',
  'Closed',
  'Recipients',
  'Outside the area',
  'Delivered to app',
  'Confirmed in app',
  'Confirmed',
  'SMS delivered',
  'Confirmed by SMS',
  'Failed',
  'Fallback SMS',
  'Fallback SMS delivered',
  'Sent',
  'Processing',
  'Recorded, not sent',
  'Safe',
  'Needs help',
  'Other',
  'No answer yet',
  'Accounted for',
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
    type: 'urgentAlert',
    title: 'Gas leak, "hall B"; east',
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
    type: 'alert',
    title: 'Plain alert',
    sentAt: new Date('2026-03-03T09:15:00Z'),
  });
  await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    type: 'sos',
    title: 'SOS',
    sentAt: new Date('2026-03-03T10:00:00Z'),
  });
  await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    type: 'missionAlarm',
    title: 'Mission',
    sentAt: new Date('2026-03-03T11:00:00Z'),
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

/** The export as the browser downloads it: its raw text after the UTF-8 byte order mark, and its rows. */
async function download(token: string, query: string, delimiter = ',') {
  const response = await fetch(`${api.url}/api/alerts/export${query}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Api-Version': '2.2' },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return { response, text, rows: result.data };
}

const PERIOD = '?from=2026-03-02&to=2026-03-04';

describe('GET /api/alerts/export', () => {
  it('gives the alerts sent in the period as a CSV file in English, oldest first, with delivery counts', async () => {
    const { admin, earlyMorning, later } = await arrange();
    const { response, rows, text } = await download(admin.token, `${PERIOD}&locale=en-us`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="alerts-2026-03-02-2026-03-04.csv"; filename*=UTF-8''alerts-2026-03-02-2026-03-04.csv`,
    );
    expect(response.headers.get('x-api-version')).toBe('2.2');
    // A header with the separator in it is quoted like any other cell.
    expect(text.split('\r\n')[0]).toBe(
      ENGLISH_HEADER.map((header) => (header.includes(',') ? `"${header}"` : header)).join(','),
    );
    expect(rows[0]).toEqual(ENGLISH_HEADER);
    expect(rows).toHaveLength(6);
    expect(rows[1]).toEqual([
      earlyMorning.id,
      '2026-03-02 00:30:00',
      'Urgent alert',
      'Closed',
      'Gas leak, "hall B"; east',
      'Leave now;\nuse the stairs',
      'Åse Ødegård',
      '2026-03-02 09:00:00',
      '2',
      '1',
      '0', // delivered to app
      '1', // confirmed in app
      '0',
      '0',
      '0',
      '1', // failed
      '0',
      '0',
      '0',
      '0',
      '0', // recorded, not sent
      ...['', '', '', '', ''], // it asked for no answers (alert-answers.test.ts counts them)
    ]);
    // Separators, quotes and line breaks inside a cell are quoted, quotes doubled.
    expect(text).toContain(`,"Gas leak, ""hall B""; east","Leave now;\nuse the stairs",`);
    // The severity as chosen when sent; SOS and mission alarms by their type.
    expect(rows.slice(2).map((row) => [row[1], row[2], row[4]])).toEqual([
      ['2026-03-03 10:15:00', 'Alert', 'Plain alert'],
      ['2026-03-03 11:00:00', 'SOS', 'SOS'],
      ['2026-03-03 12:00:00', 'Mission alarm', 'Mission'],
      ['2026-03-04 13:00:00', 'Alarm', `'=HYPERLINK("http://evil")`],
    ]);
    // An open alert: status Active, no closing time; a cell a spreadsheet would run as a formula is escaped.
    expect(rows[5].slice(0, 8)).toEqual([
      later.id,
      '2026-03-04 13:00:00',
      'Alarm',
      'Active',
      `'=HYPERLINK("http://evil")`,
      later.message,
      'Ulf User',
      '',
    ]);
    // No recipients: every delivery count 0; no response options: the answer counts blank.
    expect(rows[5].slice(8, 21).every((count) => count === '0')).toBe(true);
    expect(rows[5].slice(21).every((count) => count === '')).toBe(true);
  });

  it('uses semicolons and the Spanish words in Spanish', async () => {
    const { admin, earlyMorning } = await arrange();
    const { rows, text } = await download(admin.token, `${PERIOD}&locale=es-es`, ';');
    expect(text.split('\r\n')[0]).toBe(
      'ID;Enviada;Gravedad;Estado;Título;Mensaje;Remitente;Cerrada;Destinatarios;Fuera del área;' +
        rows[0].slice(10).join(';'),
    );
    expect(rows[1].slice(0, 5)).toEqual([
      earlyMorning.id,
      '2026-03-02 00:30:00',
      'Alerta urgente',
      'Cerrada',
      'Gas leak, "hall B"; east',
    ]);
    expect(text).toContain(`;"Gas leak, ""hall B""; east";"Leave now;\nuse the stairs";`);
    expect(rows.slice(2).map((row) => row[2])).toEqual(['Alerta', 'SOS', 'Alarma de misión', 'Alarma']);
    expect(rows[5][3]).toBe('Activa');
  });

  it.each(LOCALES)('writes %s with the words the interface shows', async (locale) => {
    const { admin } = await arrange();
    const separator = locale === 'en-us' ? ',' : ';';
    const { rows } = await download(admin.token, `${PERIOD}&locale=${locale}`, separator);
    const words = MESSAGES[locale].alerts;
    const columns = words.log.export.columns;
    expect(rows[0]).toEqual([
      ...[columns.id, columns.sentAt, columns.severity, columns.status, columns.title, columns.message],
      ...[columns.author, columns.closedAt, columns.recipients, words.deliveryStatus.outOfTarget],
      ...DELIVERY_STATUSES.filter((status) => status !== 'outOfTarget').map((status) => words.deliveryStatus[status]),
      ...(['safe', 'needsHelp', 'other', 'none'] as const).map((kind) => MESSAGES[locale].answers.kinds[kind]),
      MESSAGES[locale].answers.accountedFor,
    ]);
    expect(rows[0]).toHaveLength(26);
    expect(rows.slice(1).map((row) => row[2])).toEqual([
      words.severity.urgentAlert,
      words.severity.alert,
      words.types.sos,
      words.types.missionAlarm,
      words.severity.alarm,
    ]);
    expect(rows.slice(1).map((row) => row[3])).toEqual([words.status.completed, ...Array(4).fill(words.status.active)]);
  });

  it("uses the exporter's own language when the request names none", async () => {
    const { admin } = await arrange();
    await api.db.user.update({ where: { id: admin.user.id }, data: { locale: 'da-dk' } });
    const { rows } = await download(admin.token, PERIOD, ';');
    expect(rows[0].slice(0, 3)).toEqual(['ID', 'Sendt', 'Alvorlighed']);
    expect(rows[1][3]).toBe('Lukket');
  });

  it('counts days in Norwegian time, both ends included', async () => {
    const { admin } = await arrange();
    const titlesFor = async (from: string, to: string) =>
      (await download(admin.token, `?from=${from}&to=${to}&locale=en-us`)).rows.slice(1).map((row) => row[4]);
    expect(await titlesFor('2026-03-01', '2026-03-01')).toEqual(['Before']);
    expect(await titlesFor('2026-03-05', '2026-03-05')).toEqual(['After']);
    expect(await titlesFor('2026-03-01', '2026-03-05')).toHaveLength(7);
    expect(await titlesFor('2025-01-01', '2025-12-31')).toEqual([]);
  });

  it('refuses missing, bad and reversed dates, a period over 366 days and an unknown language', async () => {
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
    expect(await errors('?from=2026-03-01&to=2026-03-02&locale=fr-fr')).toEqual(['locale is not valid']);
    expect(
      (await api.call('GET', '/api/alerts/export?from=2024-01-01&to=2024-12-31', { token: admin.token })).status,
    ).toBe(200);
  });

  it("is for admins only, of their own company, and never lists another company's alerts", async () => {
    const { member, company, stranger } = await arrange();
    const query = '/api/alerts/export?from=2026-03-01&to=2026-03-05';
    expect((await api.call('GET', query, { token: member.token })).status).toBe(403);
    expect((await api.call('GET', query, { token: stranger.token, customerId: company.id })).status).toBe(403);
    const own = await download(stranger.token, `?from=2026-03-01&to=2026-03-05&locale=en-us`);
    expect(own.rows.slice(1).map((row) => row[4])).toEqual(['Foreign']);
    expect((await api.call('GET', query, { customerId: company.id })).status).toBe(401);
  });
});
