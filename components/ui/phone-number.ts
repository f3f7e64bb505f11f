import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A dial code ("+47") and the local number the user typed, as the E.164 number the API expects ("+4791234567"). */
export function toE164(dialCode: string, localNumber: string): string {
  const digits = localNumber.replace(/\D/g, '').replace(/^0+/, '');
  return `${dialCode}${digits}`;
}

/** Splits a stored E.164 number by the longest known dial code that starts it (the first one when none does). */
export function splitE164(phone: string, dialCodes: readonly string[]): { dialCode: string; localNumber: string } {
  const match = [...dialCodes].sort((a, b) => b.length - a.length).find((code) => phone.startsWith(code));
  if (match) return { dialCode: match, localNumber: phone.slice(match.length) };
  return { dialCode: dialCodes[0] ?? '', localNumber: phone.replace(/^\+/, '') };
}

export function isValidE164(phone: string): boolean {
  return /^\+\d{6,15}$/.test(phone) && isValidPhoneNumber(phone);
}

/** "+47 912 34 567": an E.164 number as people read it (unchanged when it cannot be parsed). */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
