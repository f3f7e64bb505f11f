import { describe, it, expect } from '@jest/globals';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';

// The errors R3 (tests/faults/postgres-restart.test.ts) met while Postgres restarted, in the shapes Prisma 7 and
// node-postgres throw them: each answered 503. Faults of a request or of the code stay 500s (or their ApiError).
const prismaError = (code: string, originalCode?: string) =>
  Object.assign(new Error(`Invalid \`prisma.session.findUnique()\` invocation`), {
    code,
    meta: originalCode ? { driverAdapterError: { cause: { kind: 'postgres', originalCode } } } : {},
  });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['unreachable (P1001)', prismaError('P1001')],
    ['connection closed (P1017)', prismaError('P1017')],
    ['shutting down (57P03)', prismaError('P2039', '57P03')],
    ['terminated by the administrator (57P01)', prismaError('P2010', '57P01')],
    ['a connection exception (08006)', prismaError('P2039', '08006')],
    // A raw query ($queryRaw, e.g. the session lookup) reports the adapter's kind under the generic P2010.
    ...['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'].map((kind) => [
      `a raw query's ${kind} (P2010)`,
      Object.assign(new Error('Raw query failed'), {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind } } },
      }),
    ]),
    // Seen by bench:reach: thousands of apps confirming at once, every pool connection busy for longer than maxWait.
    [
      'a transaction that found no free connection in time (P2028)',
      Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), {
        code: 'P2028',
      }),
    ],
    ['a broken pg client', new Error('Client has encountered a connection error and is not queryable')],
    ['a connection terminated', new Error('Connection terminated unexpectedly')],
    [
      'a refused socket, as the cause',
      new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', prismaError('P2002')],
    ['a query error (42703)', prismaError('P2010', '42703')],
    [
      "a raw query's unique violation (P2010)",
      Object.assign(new Error('Raw query failed'), {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation' } } },
      }),
    ],
    [
      'a transaction used after it closed (P2028)',
      Object.assign(new Error('Transaction API error: Transaction already closed'), { code: 'P2028' }),
    ],
    ['a plain error', new Error('Cannot read properties of undefined')],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
