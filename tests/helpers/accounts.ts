import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';
import { hashPassword } from '@/lib/auth/password';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { Role } from '@/lib/generated/prisma/enums';
import { uniquePhone } from './phone';

export const PASSWORD = 'correct horse battery';

/** A confirmed user who can log in with PASSWORD, optionally a member of `companyId`. */
export async function createAccount(
  db: PrismaClient,
  options: { companyId?: string; role?: Role; confirmed?: boolean; password?: string } = {},
) {
  const unique = randomBytes(5).toString('hex');
  const user = await db.user.create({
    data: {
      email: `person-${unique}@example.test`,
      name: `Person ${unique}`,
      phone: uniquePhone(),
      passwordHash: await hashPassword(options.password ?? PASSWORD),
      emailConfirmedAt: options.confirmed === false ? null : new Date(),
    },
  });
  if (options.companyId)
    await db.membership.create({
      data: { userId: user.id, companyId: options.companyId, role: options.role ?? 'user' },
    });
  return user;
}

/** Solves the sign-up captcha the way the ALTCHA widget does, and returns the payload it would post. */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/api/signup/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The newest e-mail the outbox driver recorded for `to`, with the first link in it. */
export async function latestEmail(db: PrismaClient, to: string) {
  const message = await db.outboundMessage.findFirst({
    where: { channel: 'email', recipient: to },
    orderBy: { createdAt: 'desc' },
  });
  if (!message) return null;
  const link = /https?:\/\/\S+/.exec(message.body)?.[0] ?? null;
  return { ...message, link, token: link ? new URL(link).searchParams.get('token') : null };
}

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}
