import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { ApiError } from '@/lib/http/errors';
import { SUPPORTED_DIAL_CODES } from './dial-codes';

/** A phone number in international form (+ or 00, then the dial code), normalised to E.164; else "{field} is not valid". */
export const phoneNumber = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .transform((value, context) => {
    const parsed = /^(\+|00)/.test(value) ? parsePhoneNumberFromString(value.replace(/^00/, '+')) : undefined;
    if (!parsed?.isValid()) {
      context.addIssue({ code: 'custom', input: value });
      return z.NEVER;
    }
    return parsed.number;
  });

/** Refuses a valid number whose dial code the product does not send to (code `dialCode`). */
export function assertSupportedDialCode(e164: string): void {
  const dialCode = `+${parsePhoneNumberFromString(e164)?.countryCallingCode ?? ''}`;
  if (!(SUPPORTED_DIAL_CODES as readonly string[]).includes(dialCode)) {
    throw ApiError.badRequest(`The dial code ${dialCode} is not allowed`).with({ code: 'dialCode' });
  }
}
