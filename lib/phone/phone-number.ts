import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { SUPPORTED_DIAL_CODES } from './dial-codes';

/**
 * A phone number in international form (+ or 00, then the dial code), normalised to E.164; else "{field} is not valid".
 * With a default country (the company's, for imports), a number without a dial code is read as a number of that country.
 */
export function phoneNumberIn(defaultCountry: string | null) {
  let schema = schemas.get(defaultCountry);
  if (!schema) schemas.set(defaultCountry, (schema = phoneSchema(defaultCountry)));
  return schema;
}

const phoneSchema = (defaultCountry: string | null) =>
  z
    .string()
    .trim()
    .min(1)
    .max(30)
    .transform((value, context) => {
      const international = /^(\+|00)/.test(value);
      const parsed =
        international || defaultCountry
          ? parsePhoneNumberFromString(
              value.replace(/^00/, '+'),
              international ? undefined : (defaultCountry as CountryCode),
            )
          : undefined;
      if (!parsed?.isValid()) {
        context.addIssue({ code: 'custom', input: value });
        return z.NEVER;
      }
      return parsed.number;
    });

const schemas = new Map<string | null, ReturnType<typeof phoneSchema>>();

export const phoneNumber = phoneNumberIn(null);

/** The dial code of an E.164 number, e.g. "+47". */
export function dialCodeOf(e164: string): string {
  return `+${parsePhoneNumberFromString(e164)?.countryCallingCode ?? ''}`;
}

export function isSupportedDialCode(e164: string): boolean {
  return (SUPPORTED_DIAL_CODES as readonly string[]).includes(dialCodeOf(e164));
}

/** The message for a valid number whose dial code the product does not send to. */
export function dialCodeMessage(e164: string): string {
  return `The dial code ${dialCodeOf(e164)} is not allowed`;
}

/** Refuses a valid number whose dial code the product does not send to (code `dialCode`). */
export function assertSupportedDialCode(e164: string): void {
  if (!isSupportedDialCode(e164)) throw ApiError.badRequest(dialCodeMessage(e164)).with({ code: 'dialCode' });
}
