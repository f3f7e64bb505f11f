import { z } from 'zod';
import { Feature, Plan, SignUpPolicy } from '@/lib/generated/prisma/enums';

/** A domain name as people type it after the @ (lower-cased): labels of letters, digits and hyphens. */
const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain name, e.g. example.com',
  );

export const instanceSettingsBody = z
  .object({
    signUpPolicy: z.enum(SignUpPolicy),
    signUpDomains: z
      .array(domainName)
      .max(50)
      .transform((domains) => [...new Set(domains)]),
    newCompanyPlan: z.enum(Plan),
    newCompanySeats: z.number().int().min(1).max(1_000_000),
    newCompanyFeatures: z
      .array(z.enum(Feature))
      .max(Object.keys(Feature).length)
      .transform((features) => [...new Set(features)]),
  })
  .strict()
  .refine((settings) => settings.signUpPolicy !== 'domains' || settings.signUpDomains.length > 0, {
    message: 'Name at least one e-mail domain that may sign up',
    path: ['signUpDomains'],
  });
