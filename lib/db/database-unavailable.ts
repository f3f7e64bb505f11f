// Whether an error means the database cannot be used right now (down, restarting, unreachable, out of connections), as
// opposed to a fault of the request or of the code: such a request is answered 503, to be tried again.

/** Prisma's codes: not reachable, timed out, connection closed, no connection to be had. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** Postgres SQLSTATE classes 08 (connection exception) and 57P (shutting down, starting up, crash). */
const SQLSTATE = /^(08|57P)/;
/** Network error codes of node's sockets. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN']);
/**
 * The driver adapter's kinds of the same (its error is the cause under Prisma's): a raw query ($queryRaw) reports them
 * under the generic P2010 "Raw query failed", not under P1001 and the like.
 */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** node-postgres's errors for a connection that broke while in use, which carry no code. */
const BROKEN_CONNECTION = /Connection terminated|connection error and is not queryable|Client was closed/;
/**
 * P2028 is every "Transaction API error"; this one is a transaction that found no free connection in time (the pool is
 * busy, like P2024), unlike a transaction used after it closed, which is a fault of the code.
 */
const TRANSACTION_NOT_STARTED = /Unable to start a transaction in the given time/;

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } };
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const shape = current as ErrorShape;
    const code = typeof shape.code === 'string' ? shape.code : '';
    const adapterCause = shape.meta?.driverAdapterError?.cause;
    const sqlState = adapterCause?.originalCode;
    if (PRISMA_CODES.has(code) || NETWORK_CODES.has(code) || SQLSTATE.test(code)) return true;
    if (typeof adapterCause?.kind === 'string' && ADAPTER_KINDS.has(adapterCause.kind)) return true;
    if (typeof sqlState === 'string' && SQLSTATE.test(sqlState)) return true;
    if (typeof shape.message === 'string' && BROKEN_CONNECTION.test(shape.message)) return true;
    if (code === 'P2028' && typeof shape.message === 'string' && TRANSACTION_NOT_STARTED.test(shape.message))
      return true;
    current = shape.cause;
  }
  return false;
}
