import { describe, it, expect } from '@jest/globals';
import Papa from 'papaparse';
import { insertAlert } from '../helpers/alert-fixtures';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// GET /api/alerts/{id}/deliveries/export (issue 36): the delivery report as a CSV file, one row per person and channel,
// with each person's latest answer when the alert asked, in the exporter's language.
const api = useApiTestContext();

async function arrange() {
  const company = await createCompany(api.db);
  const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
  const anna = await createMember(api.db, company.id, 'user', 'Anna Berg');
  const bo = await createMember(api.db, company.id, 'user', 'Bo Lund');
  const alert = await insertAlert(api.db, {
    companyId: company.id,
    authorId: admin.user.id,
    title: 'Gas leak',
    recipients: [
      {
        userId: anna.user.id,
        receivedAt: new Date('2026-12-05T10:01:00Z'),
        receipts: [
          { channel: 'push', state: 'received' },
          { channel: 'sms', state: 'failed', fallback: true, error: 'smsOptedOut' },
        ],
      },
      { userId: bo.user.id, receipts: [{ channel: 'sms', state: 'delivered' }] },
    ],
  });
  await api.db.alert.update({
    where: { id: alert.id },
    data: { responseOptions: [{ kind: 'safe' }, { kind: 'other', label: '=HYPERLINK("x")' }] },
  });
  await api.db.alertRecipient.updateMany({
    where: { alertId: alert.id, userId: anna.user.id },
    data: { answerOption: 1, answerKind: 'safe', answerChannel: 'sms', answeredAt: new Date('2026-12-05T10:02:00Z') },
  });
  return { company, admin, anna, bo, alertId: alert.id };
}

const download = (token: string | undefined, alertId: string, locale = 'en-us') =>
  api.call('GET', `/api/alerts/${alertId}/deliveries/export?locale=${locale}`, { token });

describe('GET /api/alerts/{id}/deliveries/export', () => {
  it('gives a row per person and channel with the answer, its channel and time, and the failure reason', async () => {
    const { admin, alertId } = await arrange();
    const answer = await download(admin.token, alertId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain(`delivery-${alertId}.csv`);
    const rows = Papa.parse<string[]>((answer.body as string).trim()).data;
    expect(rows[0]).toEqual([
      'Name',
      'Phone',
      'Status',
      'Confirmed at',
      'Answer',
      'Kind of answer',
      'Answered by',
      'Answered at',
      'Channel',
      'State',
      'Why it failed',
      'Sent',
      'Delivered',
      'Confirmed on this channel',
    ]);
    const [pushRow, smsRow, boRow] = rows.slice(1);
    expect(pushRow.slice(0, 10)).toEqual([
      'Anna Berg',
      expect.any(String),
      expect.any(String),
      '2026-12-05 11:01:00',
      "I'm safe",
      'Safe',
      'SMS',
      '2026-12-05 11:02:00',
      'Push',
      'Confirmed',
    ]);
    expect(smsRow.slice(8, 11)).toEqual(['SMS (fallback)', 'Failed', expect.stringContaining('Opted out of SMS')]);
    expect(boRow.slice(0, 1).concat(boRow.slice(5, 10))).toEqual([
      'Bo Lund',
      'No answer yet',
      '',
      '',
      'SMS',
      'Delivered',
    ]);
    // The exporter's language, with the spreadsheet's separator of that region.
    const danish = await download(admin.token, alertId, 'da-dk');
    expect((danish.body as string).split('\r\n')[0]).toContain(';Svar;Svartype;');
  });

  it('escapes a label a spreadsheet would run as a formula', async () => {
    const { admin, alertId, bo } = await arrange();
    await api.db.alertRecipient.updateMany({
      where: { alertId, userId: bo.user.id },
      data: { answerOption: 2, answerKind: 'other', answerChannel: 'app', answeredAt: new Date() },
    });
    const rows = Papa.parse<string[]>(((await download(admin.token, alertId)).body as string).trim()).data;
    expect(rows.find((row) => row[0] === 'Bo Lund')![4]).toBe('\'=HYPERLINK("x")');
  });

  it('refuses another recipient, another company, a bad locale and no session', async () => {
    const { anna, alertId } = await arrange();
    expect((await download(anna.token, alertId)).status).toBe(403);
    const other = await createMember(api.db, (await createCompany(api.db)).id, 'admin', 'Other Admin');
    expect((await download(other.token, alertId)).status).toBe(404);
    const { admin } = await arrange();
    const badLocale = await download(admin.token, alertId, 'xx');
    expect(badLocale.status).toBe(400);
    expect((await download(undefined, alertId)).status).toBe(401);
  });
});
