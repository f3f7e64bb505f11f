import { describe, it, expect } from '@jest/globals';
import { SUPPORTED_DIAL_CODES } from '@/lib/phone/dial-codes';
import { dialCodeOfCountry, guessCountry } from '@/lib/phone/guess-country';
import { TIME_ZONE_COUNTRIES } from '@/lib/phone/time-zone-countries';

describe('the country guessed at sign-up (spec §1 geolocation look-up, in the browser only)', () => {
  it('takes the country of the time zone first', () => {
    expect(guessCountry({ timeZone: 'Europe/Stockholm', languages: ['en-US'] })).toBe('SE');
    expect(guessCountry({ timeZone: 'Europe/Oslo', languages: ['de-DE'] })).toBe('NO');
    expect(guessCountry({ timeZone: 'America/Godthab' })).toBe('GL');
  });

  it('falls back to the region of the preferred languages, skipping unsupported ones', () => {
    expect(guessCountry({ timeZone: 'UTC', languages: ['de-DE', 'en'] })).toBe('DE');
    expect(guessCountry({ timeZone: 'Asia/Tokyo', languages: ['ja-JP', 'da-DK'] })).toBe('DK');
    expect(guessCountry({ languages: ['sv'] })).toBe('SE');
    // English says little about where someone is (the default of browsers everywhere): no guess from en-US alone.
    expect(guessCountry({ timeZone: 'UTC', languages: ['en-US', 'en'] })).toBeNull();
    expect(guessCountry({ timeZone: 'UTC', languages: ['en-GB', 'nb-NO'] })).toBe('NO');
    expect(guessCountry({ timeZone: 'Asia/Tokyo', languages: ['ja-JP', 'not a tag'] })).toBeNull();
    expect(guessCountry({})).toBeNull();
  });

  it('maps every time zone of the table to a country with a supported dial code', () => {
    for (const country of new Set(Object.values(TIME_ZONE_COUNTRIES)))
      expect([country, SUPPORTED_DIAL_CODES.includes(dialCodeOfCountry(country) as never)]).toEqual([country, true]);
    // Every supported dial code is reachable through some time zone.
    const reachable = new Set(Object.values(TIME_ZONE_COUNTRIES).map(dialCodeOfCountry));
    expect(SUPPORTED_DIAL_CODES.filter((code) => !reachable.has(code))).toEqual([]);
  });

  it('gives the supported dial code of a country, or null', () => {
    expect(dialCodeOfCountry('SE')).toBe('+46');
    expect(dialCodeOfCountry('US')).toBe('+1');
    expect(dialCodeOfCountry('JP')).toBeNull();
    expect(dialCodeOfCountry('XX')).toBeNull();
  });
});
