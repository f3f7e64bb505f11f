import { z } from 'zod';
import { emailAddress } from '@/lib/auth/email-address';
import { sessionKindField } from '@/lib/auth/session-kind';
import { ENTRA_ID_PATTERN } from './entra-id';

/** A directory (tenant) or application (client) id as Entra shows it: a GUID, stored lower-cased. */
const entraId = (what: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (value) => ENTRA_ID_PATTERN.test(value),
      `${what} must be a GUID like 00000000-0000-0000-0000-000000000000`,
    );

export const microsoftSignInBody = z
  .object({
    enabled: z.boolean(),
    tenantId: entraId('tenantId').nullable(),
    clientId: entraId('clientId').nullable(),
    /** A new client secret; left out (or null) keeps the stored one, "" removes it. */
    clientSecret: z.string().trim().max(500).nullish(),
  })
  .refine((body) => !body.enabled || (body.tenantId !== null && body.clientId !== null), {
    message: 'tenantId and clientId are needed to turn sign-in with Microsoft on',
    path: ['enabled'],
  });

export const startMicrosoftSignInBody = z.object({ email: emailAddress });

/** What Microsoft sent back to the redirect URI, as the sign-in page read it from its address. */
export const finishMicrosoftSignInBody = z.object({
  code: z.string().min(1).max(4000),
  state: z.string().min(1).max(200),
  sessionKind: sessionKindField,
});
