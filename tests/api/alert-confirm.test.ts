import { describe, it, expect } from '@jest/globals';
import { useApiTestContext } from '../helpers/api-test-context';
import { listenToCompany } from '../helpers/company-events';
import { createCompany, createMember } from '../helpers/fixtures';

describe('the app confirms an alert: POST /api/alerts/{id}/received and /seen', () => {
  const api = useApiTestContext();

  async function sentAlert() {
    const company = await createCompany(api.db);
    const admin = await createMember(api.db, company.id, 'admin');
    const person = await createMember(api.db, company.id);
    const bystander = await createMember(api.db, company.id);
    const device = await api.call('POST', '/api/devices', {
      token: person.token,
      body: { name: 'Phone', platform: 'android', pushToken: `token-${person.user.id}` },
    });
    const sent = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      body: {
        title: 'Gas leak',
        message: 'Leave building B now',
        channels: ['push', 'sms'],
        target: { users: [person.user.id] },
      },
    });
    expect(sent.status).toBe(201);
    return {
      company,
      admin,
      person,
      bystander,
      deviceId: device.body.deviceId as string,
      alertId: sent.body.alertId as string,
    };
  }

  const receipt = (alertId: string, userId: string, channel: 'push' | 'sms') =>
    api.db.receipt.findFirstOrThrow({ where: { alertId, userId, channel, fallback: false } });

  it('marks the person and their push receipt received, then seen; the first time counts', async () => {
    const { company, admin, person, deviceId, alertId } = await sentAlert();
    const events = await listenToCompany(api.url, admin.token, company.id);
    try {
      const changed = events.next(`alertChangedCustomerId:${company.id}`);
      const received = await api.call('POST', `/api/alerts/${alertId}/received`, {
        token: person.token,
        body: { deviceId },
      });
      expect(received.status).toBe(200);
      expect(received.body).toEqual({ alertId, receivedAt: expect.any(String), seenAt: null });
      await expect(changed).resolves.toEqual({ alertId });
    } finally {
      events.close();
    }
    expect((await receipt(alertId, person.user.id, 'push')).state).toBe('received');
    expect((await receipt(alertId, person.user.id, 'push')).deviceId).toBe(deviceId);
    expect((await receipt(alertId, person.user.id, 'sms')).state).toBe('pending');

    const seen = await api.call('POST', `/api/alerts/${alertId}/seen`, {
      token: person.token,
      body: { position: { lat: 59.9, lng: 10.7, accuracy: 8 } },
    });
    expect(seen.body.receivedAt).toBe(
      (
        await api.db.alertRecipient.findFirstOrThrow({ where: { alertId, userId: person.user.id } })
      ).receivedAt!.toISOString(),
    );
    expect(seen.body.seenAt).toEqual(expect.any(String));
    expect((await receipt(alertId, person.user.id, 'push')).state).toBe('seen');
    expect(await api.db.position.count({ where: { userId: person.user.id, source: 'alert' } })).toBe(1);

    const late = await api.call('POST', `/api/alerts/${alertId}/received`, { token: person.token, body: {} });
    expect(late.body).toEqual(seen.body);
    expect((await receipt(alertId, person.user.id, 'push')).state).toBe('seen');
  });

  it('a person confirming after a failed push still counts as received', async () => {
    const { person, alertId } = await sentAlert();
    await api.db.receipt.updateMany({
      where: { alertId, userId: person.user.id, channel: 'push' },
      data: { state: 'failed', error: 'UNREGISTERED' },
    });
    await api.call('POST', `/api/alerts/${alertId}/received`, { token: person.token, body: {} });
    expect((await receipt(alertId, person.user.id, 'push')).state).toBe('received');
  });

  it('answers 400 for a bad body, 404 for people who were not alerted, foreign alerts and devices, 401 without a session', async () => {
    const { person, bystander, admin, alertId } = await sentAlert();
    const other = await sentAlert();
    const bad = await api.call('POST', `/api/alerts/${alertId}/received`, {
      token: person.token,
      body: { position: { lat: 100, lng: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['position.lat is not valid']);
    expect(
      (await api.call('POST', `/api/alerts/${alertId}/received`, { token: bystander.token, body: {} })).status,
    ).toBe(404);
    expect((await api.call('POST', `/api/alerts/${alertId}/seen`, { token: admin.token, body: {} })).status).toBe(404);
    expect(
      (await api.call('POST', `/api/alerts/${other.alertId}/received`, { token: person.token, body: {} })).status,
    ).toBe(404);
    expect(
      (
        await api.call('POST', `/api/alerts/${alertId}/received`, {
          token: person.token,
          body: { deviceId: other.deviceId },
        })
      ).status,
    ).toBe(404);
    expect((await api.call('POST', `/api/alerts/${alertId}/received`, { body: {} })).status).toBe(401);
    expect((await receipt(alertId, person.user.id, 'push')).state).toBe('pending');
  });
});
