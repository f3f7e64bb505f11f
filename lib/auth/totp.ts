import { generateSecret, generateURI, verify } from 'otplib';

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: 'Tocsin', label: account, secret });
}

/**
 * The time step of a valid code (one step of clock drift either way is accepted), or null. A code of a step at or
 * before `lastStep` is refused, so each code works once.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: bigint | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
