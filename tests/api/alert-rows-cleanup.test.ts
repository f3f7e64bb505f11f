import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Recipient and receipt rows carry no per-row foreign keys (see the migration alert_rows_without_row_checks): deleting
// an alert, a company or a person must still leave none behind.
describe('alert rows follow what they belong to', () => {
  const api = useApiTestContext();

  async function sentAlert() {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const anna = await createMember(api.db, company.id);
    const bo = await createMember(api.db, company.id);
    const sent = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      body: {
        title: 'Evacuate',
        message: 'Leave the building',
        channels: ['push', 'sms'],
        target: { users: [anna.user.id, bo.user.id] },
      },
    });
    expect(sent.status).toBe(201);
    return { company, anna, bo, alertId: sent.body.alertId as string };
  }

  const rowsOf = async (where: { alertId?: string; userId?: string }) => ({
    recipients: await api.db.alertRecipient.count({ where }),
    receipts: await api.db.receipt.count({ where }),
  });

  it('deleting an alert deletes its recipients and receipts', async () => {
    const { alertId } = await sentAlert();
    const other = await sentAlert();
    expect(await rowsOf({ alertId })).toEqual({ recipients: 2, receipts: 4 });
    await api.db.alert.delete({ where: { id: alertId } });
    expect(await rowsOf({ alertId })).toEqual({ recipients: 0, receipts: 0 });
    expect(await rowsOf({ alertId: other.alertId })).toEqual({ recipients: 2, receipts: 4 });
  });

  it('deleting a company deletes its alerts’ rows', async () => {
    const { company, alertId } = await sentAlert();
    await api.db.company.delete({ where: { id: company.id } });
    expect(await rowsOf({ alertId })).toEqual({ recipients: 0, receipts: 0 });
  });

  it('deleting a person deletes their rows only', async () => {
    const { anna, bo, alertId } = await sentAlert();
    await api.db.user.delete({ where: { id: anna.user.id } });
    expect(await rowsOf({ userId: anna.user.id })).toEqual({ recipients: 0, receipts: 0 });
    expect(await rowsOf({ alertId, userId: bo.user.id })).toEqual({ recipients: 1, receipts: 2 });
  });
});
