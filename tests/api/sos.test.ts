import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

describe('POST /api/sos: a person in danger calls for help from the app', () => {
  const api = useApiTestContext();

  async function arrange() {
    const company = await createCompany(api.db, { name: 'Fjord Energi' });
    await api.db.company.update({
      where: { id: company.id },
      data: { defaultSosMessage: 'I need help at my position.' },
    });
    const owner = await createMember(api.db, company.id, 'owner', 'Olga Owner');
    const admin = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const worker = await createMember(api.db, company.id, 'user', 'Willy Worker');
    const buddy = await createMember(api.db, company.id, 'user', 'Bente Buddy');
    return { company, owner, admin, worker, buddy };
  }

  const recipientsOf = async (alertId: string) =>
    (await api.db.alertRecipient.findMany({ where: { alertId } })).map((row) => row.userId).sort();

  it('goes to the members on the SOS list, and by SMS to its outside contacts, with the position', async () => {
    const { company, worker, buddy } = await arrange();
    await api.db.sosContact.createMany({
      data: [
        { userId: worker.user.id, companyId: company.id, contactUserId: buddy.user.id, sortIndex: 0 },
        { userId: worker.user.id, companyId: company.id, name: 'Mamma', phone: '+4791234567', sortIndex: 1 },
      ],
    });
    const response = await api.call('POST', '/api/sos', {
      token: worker.token,
      body: { message: 'Fell from the ladder, leg broken', position: { lat: 60.39, lng: 5.32, accuracy: 10 } },
    });
    expect(response.status).toBe(201);
    const alert = await api.db.alert.findUniqueOrThrow({ where: { id: response.body.alertId } });
    expect(alert).toMatchObject({
      type: 'sos',
      title: 'SOS from Willy Worker',
      message: 'Fell from the ladder, leg broken',
      authorId: worker.user.id,
      containsAuthorLocation: true,
      authorLat: 60.39,
    });
    expect(await recipientsOf(alert.id)).toEqual([buddy.user.id]);
    expect(await api.db.receipt.count({ where: { alertId: alert.id } })).toBe(2);
    const [sms] = await api.db.outboundMessage.findMany({ where: { recipient: '+4791234567' } });
    expect(sms.body).toBe(
      'SOS from Willy Worker: Fell from the ladder, leg broken Position: https://www.openstreetmap.org/?mlat=60.39&mlon=5.32#map=16/60.39/5.32',
    );
    expect(await api.db.position.count({ where: { userId: worker.user.id, source: 'sos' } })).toBe(1);
  });

  it('without an SOS list goes to the company’s admins with the company’s default text', async () => {
    const { owner, admin, worker } = await arrange();
    const response = await api.call('POST', '/api/sos', { token: worker.token, body: {} });
    const alert = await api.db.alert.findUniqueOrThrow({ where: { id: response.body.alertId } });
    expect(alert).toMatchObject({ message: 'I need help at my position.', containsAuthorLocation: false });
    expect(await recipientsOf(alert.id)).toEqual([owner.user.id, admin.user.id].sort());
  });

  it('answers 400 for a bad position, 404 for another person’s device, 403 for another company, 401 without a session', async () => {
    const { worker, buddy, company } = await arrange();
    const other = await createCompany(api.db);
    const phone = await api.db.device.create({ data: { userId: buddy.user.id, name: 'Phone', platform: 'ios' } });
    const bad = await api.call('POST', '/api/sos', { token: worker.token, body: { position: { lat: 95, lng: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['position.lat is not valid']);
    expect((await api.call('POST', '/api/sos', { token: worker.token, body: { deviceId: phone.id } })).status).toBe(
      404,
    );
    expect((await api.call('POST', '/api/sos', { token: worker.token, customerId: other.id, body: {} })).status).toBe(
      403,
    );
    expect((await api.call('POST', '/api/sos', { body: {} })).status).toBe(401);
    expect(await api.db.alert.count({ where: { companyId: company.id } })).toBe(0);
  });
});
