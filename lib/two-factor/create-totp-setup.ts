import QRCode from 'qrcode';
import { ApiError } from '@/lib/api-error';
import { newTotpSecret, sealTotpSecret, totpUri } from '@/lib/auth/totp';
import type { UserCtx } from '@/lib/context';

/** A new secret for an authenticator app, as text and QR code; it takes effect once a code of it is verified. */
export async function createTotpSetup(ctx: UserCtx) {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.use2FA) {
    throw ApiError.conflict(
      'Two-factor authentication is already on. Turn it off first to set up a new authenticator',
    ).with({ code: 'twoFactorOn' });
  }
  const secret = newTotpSecret();
  await ctx.db.user.update({ where: { id: user.id }, data: { totpPendingSecret: sealTotpSecret(secret) } });
  const otpauthUrl = totpUri(secret, user.email);
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}
