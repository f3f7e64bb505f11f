import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

// A local SMTP server standing in for the mail relay: it accepts (or refuses, when told to) what a real relay would,
// and keeps each message's envelope and raw data.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The SMTP login, when the client authenticated. */
  user: string | null;
}

export interface FakeSmtp {
  port: number;
  /** smtp://[user:pass@]127.0.0.1:<port> */
  url(credentials?: { user: string; pass: string }): string;
  messages: ReceivedMail[];
  /** How many transactions were started (MAIL FROM), refused ones included. */
  attempts(): number;
  /** Answers the next `count` transactions with a temporary failure (451). */
  refuseNext(count: number): void;
  /** Refuses this recipient for good (550). */
  rejectRecipient(address: string): void;
  /** Resolves when `count` messages to `to` have arrived. */
  waitForMessages(to: string, count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** The value of a header of a raw message (unfolded; encoded words left as they are). */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const rejected = new Set<string>();
  let attempts = 0;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      if (refusals > 0) {
        refusals -= 1;
        return callback(smtpError(451, 'Temporary local problem, try again later'));
      }
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) return callback(smtpError(550, 'No such user here'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: (credentials) =>
      `smtp://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : ''}127.0.0.1:${port}`,
    messages,
    attempts: () => attempts,
    refuseNext: (count) => {
      refusals = count;
    },
    rejectRecipient: (address) => {
      rejected.add(address.toLowerCase());
    },
    async waitForMessages(to, count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter((m) => m.to.includes(to));
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`${count} message(s) to ${to} did not arrive in ${timeoutMs} ms (got ${found.length})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
