import { z } from 'zod';

const otp = z.string().trim().min(1).max(10);
/** POST /api/me/otp/totp-secret: a code of the new secret turns 2FA on. */
export const verifyTotpSetupBody = z.object({ otp });
/** PUT /api/me/otp. */
export const setTwoFactorBody = z.object({ use2FA: z.boolean(), otp });
