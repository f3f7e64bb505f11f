import { io, type Socket } from 'socket.io-client';
import { useApiTestContext } from '../helpers/api-test-context';
import { createCompany, createMember } from '../helpers/fixtures';

// Socket.IO at /eventHub: members receive their own company's events (sent through the Redis emitter, as the worker
// and other web nodes send them), never another company's; no valid session, no connection.
const api = useApiTestContext();
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
    await expect(received).resolves.toEqual({ alertId: 'alert-1' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedByB).toEqual([]);
    closeEmitter();
  });

  it('refuses a connection without a valid session or with a company the user is not in', async () => {
    const a = await createCompany(api.db);
    const b = await createCompany(api.db);
    const member = await createMember(api.db, a.id);
    await expect(connect({})).rejects.toThrow('unauthorized');
    await expect(connect({ token: 'forged' })).rejects.toThrow('unauthorized');
    await expect(connect({ token: member.token, customerId: b.id })).rejects.toThrow('forbidden');
  });
});
