import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { SUPPORTED_DIAL_CODES } from './dial-codes';
import { TIME_ZONE_COUNTRIES } from './time-zone-countries';

/**
 * The visitor's likely country from what the browser already knows, without asking any service for it (spec §1
 * "geolocation look-up"; nothing about the visitor leaves the browser): the time zone first (a person's clock is set
 * where they live), then the region of the first preferred language that names one ("sv-SE" -> SE). English is
 * skipped: browsers everywhere default to en-US, so its region says little. Null when neither names a country whose
 * dial code is supported.
 */
export function guessCountry(input: { timeZone?: string; languages?: readonly string[] }): string | null {
  const byTimeZone = input.timeZone ? TIME_ZONE_COUNTRIES[input.timeZone] : undefined;
  if (byTimeZone) return byTimeZone;
  for (const language of input.languages ?? []) {
    if (/^en\b/i.test(language)) continue;
    const region = languageRegion(language);
    if (region && dialCodeOfCountry(region)) return region;
  }
  return null;
}

/** The supported dial code of a country ("SE" -> "+46"), or null. */
export function dialCodeOfCountry(country: string): string | null {
  try {
    const code = `+${getCountryCallingCode(country as CountryCode)}`;
    return (SUPPORTED_DIAL_CODES as readonly string[]).includes(code) ? code : null;
  } catch {
    return null; // not a country libphonenumber knows
  }
}

function languageRegion(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().region ?? null;
  } catch {
    return null;
  }
}

/** The browser's own time zone and languages (in the browser only). */
export function browserCountryHints(): { timeZone?: string; languages: readonly string[] } {
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, languages: navigator.languages ?? [] };
}
