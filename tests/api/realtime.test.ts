import { describe, it, expect, afterAll } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { useApiTestContext } from '../helpers/api-test-context';
import { homeDay } from '@/lib/home-time-zone';
import { createCompany, createMember } from '../helpers/fixtures';

// Socket.IO at /eventHub: members receive their own company's events (sent through the Redis emitter, as the worker
// and other web nodes send them), never another company's; no valid session, no connection.
const api = useApiTestContext({ REALTIME_RECHECK_SECONDS: '1' });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

function connect(auth: Record<string, string>): Promise<Socket> {
  const socket = io(api.url, { path: '/eventHub', auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('realtime company events', () => {
  it('delivers a company event to its members only', async () => {
    const a = await createCompany(api.db);
    const b = await createCompany(api.db);
    const memberA = await createMember(api.db, a.id);
    const memberB = await createMember(api.db, b.id);
    const socketA = await connect({ token: memberA.token, customerId: a.id });
    const socketB = await connect({ token: memberB.token, customerId: b.id });
    const receivedByB: string[] = [];
    socketB.onAny((event: string) => receivedByB.push(event));

    const { emitCompanyEvent, closeEmitter } = await import('@/lib/realtime/emit-company-event');
    const received = new Promise((resolve) => socketA.once(`newAlertCustomerId:${a.id}`, resolve));
    emitCompanyEvent('newAlert', a.id, { alertId: 'alert-1' });
    await expect(received).resolves.toEqual({ alertId: 'alert-1', changed: 'alerts' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedByB).toEqual([]);
    closeEmitter();
  });

  it("says which part of the dashboard an event changed: alerts, missions, or none for an alert's own changes", async () => {
    const company = await createCompany(api.db, { features: ['mission'] });
    const admin = await createMember(api.db, company.id, 'admin');
    const socket = await connect({ token: admin.token, customerId: company.id });
    const next = (kind: string) => new Promise((resolve) => socket.once(`${kind}CustomerId:${company.id}`, resolve));

    const newAlert = next('newAlert');
    const sent = await api.call('POST', '/api/alerts/alert', {
      token: admin.token,
      body: { title: 'Fire', message: 'Leave now', channels: ['push'], target: { company: true } },
    });
    expect(sent.status).toBe(201);
    await expect(newAlert).resolves.toEqual({ alertId: sent.body.alertId, changed: 'alerts' });

    const newMission = next('newMission');
    const started = await api.call('POST', '/api/missions', {
      token: admin.token,
      body: { endTime: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(started.status).toBe(201);
    await expect(newMission).resolves.toEqual({ missionId: started.body.id, changed: 'missions' });

    const alertChanged = next('alertChanged');
    expect(
      (await api.call('POST', `/api/alerts/${sent.body.alertId}/close`, { token: admin.token, body: {} })).status,
    ).toBe(200);
    await expect(alertChanged).resolves.toEqual({ alertId: sent.body.alertId });
  });

  it('sends a new alert along to the dashboards of those who may see it, and to nobody else', async () => {
    const company = await createCompany(api.db);
    const other = await createCompany(api.db);
    const sender = await createMember(api.db, company.id, 'admin', 'Ada Admin');
    const [otherAdmin, reached, bystander, stranger] = await Promise.all([
      createMember(api.db, company.id, 'superAdmin'),
      createMember(api.db, company.id),
      createMember(api.db, company.id),
      createMember(api.db, other.id, 'admin'),
    ]);
    const connectAs = (member: { token: string }, customerId = company.id) =>
      connect({ token: member.token, customerId });
    // The reached member has two tabs open; each gets it.
    const seeing = await Promise.all([sender, otherAdmin, reached, reached].map((member) => connectAs(member)));
    const notSeeing = await Promise.all([connectAs(bystander), connectAs(stranger, other.id)]);
    const notSeen: string[] = [];
    for (const socket of notSeeing) socket.onAny((event: string) => notSeen.push(event));
    const event = `dashboardAlertCustomerId:${company.id}`;
    const arrived = seeing.map((socket) => new Promise((resolve) => socket.once(event, resolve)));

    const sent = await api.call('POST', '/api/alerts/alert', {
      token: sender.token,
      body: {
        title: 'Gas leak',
        message: 'Leave by the east stairs',
        channels: ['push'],
        target: { users: [reached.user.id] },
      },
    });
    expect(sent.status).toBe(201);
    const payloads = await Promise.all(arrived);
    const { sentAt } = await api.db.alert.findUniqueOrThrow({ where: { id: sent.body.alertId } });
    for (const payload of payloads)
      expect(payload).toEqual({
        alert: {
          id: sent.body.alertId,
          created: sentAt!.toISOString(),
          title: 'Gas leak',
          message: 'Leave by the east stairs',
          user: { name: 'Ada Admin', profilePhoto: null },
          alertType: 'urgentAlert',
          status: 'active',
          isLocationRestricted: false,
          containsAuthorLocation: false,
          asksAnswers: false,
        },
        day: homeDay(sentAt!),
      });
    // The row is the one the dashboard's alerts part answers.
    const part = await api.call('GET', '/api/dash/alerts', { token: reached.token });
    expect(part.body.latestAlerts[0]).toEqual((payloads[2] as { alert: unknown }).alert);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notSeen).toEqual([`newAlertCustomerId:${company.id}`]);
  });

  it('refuses a connection without a valid session or with a company the user is not in', async () => {
    const a = await createCompany(api.db);
    const b = await createCompany(api.db);
    const member = await createMember(api.db, a.id);
    await expect(connect({})).rejects.toThrow('unauthorized');
    await expect(connect({ token: 'forged' })).rejects.toThrow('unauthorized');
    await expect(connect({ token: member.token, customerId: b.id })).rejects.toThrow('forbidden');
  });

  it('ends a live connection once its session is revoked or the membership removed', async () => {
    const company = await createCompany(api.db);
    const loggedOut = await createMember(api.db, company.id);
    const removed = await createMember(api.db, company.id);
    const staying = await createMember(api.db, company.id);
    const sockets = await Promise.all(
      [loggedOut, removed, staying].map((m) => connect({ token: m.token, customerId: company.id })),
    );
    const ended = sockets.map((socket) => new Promise((resolve) => socket.once('disconnect', resolve)));
    const notice = new Promise((resolve) => sockets[0].once('sessionEnded', resolve));

    expect((await api.call('PUT', '/api/logout', { token: loggedOut.token })).status).toBe(200);
    await api.db.membership.updateMany({ where: { userId: removed.user.id }, data: { deletedAt: new Date() } });
    await expect(notice).resolves.toEqual({ status: 440 });
    await Promise.all([ended[0], ended[1]]);
    expect(sockets[2].connected).toBe(true);
  });

  it('checks every open connection again in one pass: unknown, ended and no longer admitted ones end, live ones stay and stay active', async () => {
    const company = await createCompany(api.db);
    const closing = await createCompany(api.db);
    const [idle, forgotten, inClosing, live] = await Promise.all([
      createMember(api.db, company.id),
      createMember(api.db, company.id),
      createMember(api.db, closing.id),
      createMember(api.db, company.id),
    ]);
    const [idleSocket, forgottenSocket, closingSocket, liveSocket] = await Promise.all([
      connect({ token: idle.token, customerId: company.id }),
      connect({ token: forgotten.token, customerId: company.id }),
      connect({ token: inClosing.token, customerId: closing.id }),
      connect({ token: live.token, customerId: company.id }),
    ]);
    const noticeOf = (socket: Socket) => new Promise((resolve) => socket.once('sessionEnded', resolve));
    const notices = [idleSocket, forgottenSocket, closingSocket].map(noticeOf);
    const lastUsed = new Date(Date.now() - 10 * 60_000);
    await api.db.session.update({ where: { id: live.sessionId }, data: { lastUsedAt: lastUsed } });

    await api.db.session.update({
      where: { id: idle.sessionId },
      data: { idleExpiresAt: new Date(Date.now() - 1000) },
    });
    await api.db.session.delete({ where: { id: forgotten.sessionId } });
    await api.db.company.update({ where: { id: closing.id }, data: { deletedAt: new Date() } });

    await expect(Promise.all(notices)).resolves.toEqual([{ status: 440 }, { status: 401 }, { status: 403 }]);
    expect(liveSocket.connected).toBe(true);
    const liveSession = await api.db.session.findUniqueOrThrow({ where: { id: live.sessionId } });
    expect(liveSession.lastUsedAt.getTime()).toBeGreaterThan(lastUsed.getTime());
    expect(liveSession.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it('does not renew, and so never revokes, the token a browser goes on using', async () => {
    const company = await createCompany(api.db);
    const member = await createMember(api.db, company.id);
    await api.db.session.update({
      where: { id: member.sessionId },
      data: { createdAt: new Date(Date.now() - 60 * 60_000) },
    });
    await connect({ token: member.token, customerId: company.id });
    expect((await api.db.session.findUniqueOrThrow({ where: { id: member.sessionId } })).revokedAt).toBeNull();
    expect(await api.db.session.count({ where: { userId: member.user.id } })).toBe(1);
  });
});
