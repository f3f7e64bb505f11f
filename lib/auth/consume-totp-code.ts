import type { DbClient } from '@/lib/db';
import { verifyTotp } from './totp';

/**
 * Checks a code against `secret` and records its time step as used, atomically: of two requests with the same code
 * only one succeeds. Returns false for a wrong, stale or replayed code.
 */
export async function consumeTotpCode(
  client: DbClient,
  input: { userId: string; secret: string; code: string; now: Date },
): Promise<boolean> {
  const user = await client.user.findUniqueOrThrow({ where: { id: input.userId }, select: { totpLastStep: true } });
  const step = await verifyTotp(input.secret, input.code, input.now, user.totpLastStep);
  if (step === null) return false;
  const claimed = await client.user.updateMany({
    where: { id: input.userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }] },
    data: { totpLastStep: BigInt(step) },
  });
  return claimed.count === 1;
}
