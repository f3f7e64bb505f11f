import { expect, test, type WebSocketRoute } from '@playwright/test';
import { createConfirmedUser } from './support/accounts';
import { e2eDb } from './support/e2e-db';
import { openAs } from './support/session';

// Events sent while the live connection is down are lost; the dashboard makes up for them by refetching once the
// connection is back. The connection is dropped between the page and the server, as a network break would.
test('after the live connection breaks and comes back, the dashboard refetches and shows what it missed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A member's dashboard (their own alerts; no map) keeps the page light for the timing of the reconnect.
  const member = await createConfirmedUser({ role: 'user' });
  const connections: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/eventHub\//, (socket) => {
    connections.push(socket);
    socket.connectToServer();
  });

  await openAs(page, member, '/');
  const alertsCard = page.getByTestId('alerts-card');
  await expect(alertsCard.getByText('No alerts yet.')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => connections.length, { timeout: 20_000 }).toBe(1);

  // The page's side of the connection closes, as in a network break; meanwhile an alert is written without any event.
  await connections[0].close();
  await e2eDb().alert.create({
    data: {
      companyId: member.companyId,
      authorId: member.userId,
      type: 'alert',
      status: 'active',
      title: 'Missed while offline',
      message: 'Sent while the dashboard had no connection.',
      target: { company: true },
      sentAt: new Date(),
    },
  });

  // Socket.IO reconnects by itself (after a randomized delay); the refetch follows 2 seconds later.
  await expect.poll(() => connections.length, { timeout: 40_000 }).toBe(2);
  await expect(alertsCard.getByRole('link').first()).toContainText('Missed while offline', { timeout: 20_000 });
});
