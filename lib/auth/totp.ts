import { generateSecret, generateURI, verify } from 'otplib';
import type { DbClient } from '@/lib/db';
import { openStoredSecret } from '@/lib/secrets/open-stored-secret';
import { sealSecret } from '@/lib/secrets/secret-box';

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: 'Tocsin', label: account, secret });
}

/** A TOTP secret as it is stored (User.totpSecret, User.totpPendingSecret): encrypted with SECRET_KEY (lib/secrets). */
export function sealTotpSecret(secret: string): string {
  return sealSecret(secret, 'totp');
}

/**
 * The user's TOTP secret (or pending one) as stored, decrypted; null when it cannot be decrypted (logged for the
 * operator: the caller answers as to a wrong code and leaves 2FA as it is). One stored in plain text or under
 * SECRET_KEY_PREVIOUS is stored again encrypted with SECRET_KEY.
 */
export function openTotpSecret(
  client: DbClient,
  user: { id: string },
  column: 'totpSecret' | 'totpPendingSecret',
  stored: string,
): Promise<string | null> {
  const place = { column: `User.${column}`, id: user.id };
  return openStoredSecret(stored, 'totp', place, (sealed) =>
    column === 'totpSecret'
      ? client.user.updateMany({ where: { id: user.id, totpSecret: stored }, data: { totpSecret: sealed } })
      : client.user.updateMany({
          where: { id: user.id, totpPendingSecret: stored },
          data: { totpPendingSecret: sealed },
        }),
  );
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
