import { latestEmail } from '../../helpers/accounts';
import { e2eDb } from './e2e-db';

/**
 * The newest e-mail the server's outbox driver recorded for `address`, waiting up to `timeoutMs` for one to appear.
 * `link` is the first http(s) URL in the body.
 */
export async function latestEmailTo(
  address: string,
  { timeoutMs = 5_000 }: { timeoutMs?: number } = {},
): Promise<{ subject: string; body: string; link: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await latestEmail(e2eDb(), address.toLowerCase());
    if (message) return { subject: message.subject ?? '', body: message.body, link: message.link };
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} in the outbox within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
