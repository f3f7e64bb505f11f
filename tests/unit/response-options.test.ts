import { describe, it, expect } from '@jest/globals';
import { alertBody } from '@/lib/alerts/alert-body';
import { repliedNumber } from '@/lib/receipts/answer-by-sms';
import { composeAlertSms, smsOptionList } from '@/lib/answers/compose-alert-sms';
import { DEFAULT_RESPONSE_OPTIONS, optionNumbered, storedResponseOptions } from '@/lib/answers/response-options';
import { validationMessages } from '@/lib/http-parts/validation-messages';
import { LOCALES } from '@/lib/i18n/locales';
import { smsSegments } from '@/lib/sms/sms-segments';

const base = { title: 'Fire drill', message: 'Meet at the gate', channels: ['sms'], target: { company: true } };

function errorsOf(responseOptions: unknown): string[] {
  const input = { ...base, responseOptions };
  const parsed = alertBody.safeParse(input);
  return parsed.success ? [] : validationMessages(parsed.error, input);
}

describe('response options in an alert body', () => {
  it('are none unless given; a label is trimmed, a default option has none', () => {
    expect(alertBody.parse(base).responseOptions).toEqual([]);
    expect(
      alertBody.parse({ ...base, responseOptions: [{ kind: 'safe' }, { kind: 'other', label: '  On my way  ' }] })
        .responseOptions,
    ).toEqual([{ kind: 'safe' }, { kind: 'other', label: 'On my way' }]);
    // As the details give them back: a default option's label is null.
    expect(alertBody.parse({ ...base, responseOptions: [{ kind: 'needsHelp', label: null }] }).responseOptions).toEqual(
      [{ kind: 'needsHelp' }],
    );
  });

  it('refuse more than 9, an empty or long label, an unknown kind and an unlabelled other', () => {
    expect(errorsOf(Array.from({ length: 9 }, () => ({ kind: 'safe' })))).toEqual([]);
    expect(errorsOf(Array.from({ length: 10 }, () => ({ kind: 'safe' })))).toEqual([
      'There can be at most 9 response options',
    ]);
    expect(errorsOf([{ kind: 'safe', label: '   ' }])).toEqual(['responseOptions.0.label is required']);
    expect(errorsOf([{ kind: 'safe', label: 'x'.repeat(41) }])).toEqual([
      'responseOptions.0.label cannot be longer than 40 characters',
    ]);
    expect(errorsOf([{ kind: 'safe' }, { kind: 'fine' }])).toEqual(['responseOptions.1.kind is not valid']);
    expect(errorsOf([{ kind: 'other' }])).toEqual(['A response option of kind other needs a label']);
    expect(errorsOf('safe')).toEqual(['responseOptions is not valid']);
  });

  it('are read back from storage by number; unreadable JSON asks nothing', () => {
    expect(optionNumbered(DEFAULT_RESPONSE_OPTIONS, 2)).toEqual({ kind: 'needsHelp' });
    expect(optionNumbered(DEFAULT_RESPONSE_OPTIONS, 3)).toBeUndefined();
    expect(optionNumbered(DEFAULT_RESPONSE_OPTIONS, 0)).toBeUndefined();
    expect(storedResponseOptions([{ kind: 'nope' }])).toEqual([]);
    expect(storedResponseOptions(null)).toEqual([]);
  });
});

describe('an SMS reply with a number', () => {
  it('reads the number from "2", "2.", "#2" and " 12 ", and nothing from words', () => {
    expect(repliedNumber('2')).toBe(2);
    expect(repliedNumber(' 2. ')).toBe(2);
    expect(repliedNumber('#2')).toBe(2);
    expect(repliedNumber(' 12 ')).toBe(12);
    expect(repliedNumber('OK')).toBeNull();
    expect(repliedNumber('2 people trapped')).toBeNull();
    expect(repliedNumber('')).toBeNull();
  });
});

describe('the alert SMS with response options', () => {
  const alert = { title: 'Fire drill', message: 'Meet at the gate', responseOptions: DEFAULT_RESPONSE_OPTIONS };

  it('lists the options with their numbers in the recipient’s language, in place of "Reply OK"', async () => {
    expect(await composeAlertSms(alert, 'en-us')).toBe("Fire drill\nMeet at the gate\nReply 1=I'm safe, 2=I need help");
    expect(await composeAlertSms(alert, 'no-nb')).toBe(
      'Fire drill\nMeet at the gate\nSvar 1=Jeg er trygg, 2=Jeg trenger hjelp',
    );
    expect(await composeAlertSms({ ...alert, responseOptions: [] }, 'en-us')).toContain('Reply OK to confirm');
    expect(await smsOptionList([{ kind: 'safe' }, { kind: 'other', label: 'Working from home' }], 'sv-se')).toBe(
      '1=Jag är i säkerhet, 2=Working from home',
    );
  });

  it('ends with the person’s tap-to-answer link when given one, still GSM-7 in every language', async () => {
    const link = 'https://alerts.example.com/a/AAAAAAAAAAAAAAAAAAAAAA';
    expect(await composeAlertSms(alert, 'en-us', link)).toBe(
      `Fire drill\nMeet at the gate\nReply 1=I'm safe, 2=I need help or tap ${link}`,
    );
    for (const locale of LOCALES) {
      const line = (await composeAlertSms({ ...alert, title: '', message: '' }, locale, link)).trim();
      expect({ locale, endsWithLink: line.endsWith(` ${link}`), segments: smsSegments(line) }).toEqual({
        locale,
        endsWithLink: true,
        segments: 1,
      });
    }
    // Without options there is nothing to answer: no link.
    expect(await composeAlertSms({ ...alert, responseOptions: [] }, 'en-us', link)).not.toContain(link);
  });

  it('keeps the default options line GSM-7 and short in every language, so a short alert stays one segment', async () => {
    for (const locale of LOCALES) {
      const line = (await composeAlertSms({ ...alert, title: '', message: '' }, locale)).trim();
      expect({ locale, segments: smsSegments(line), short: line.length <= 60 }).toEqual({
        locale,
        segments: 1,
        short: true,
      });
      // Today's "Reply OK to confirm …" line is longer: an alert that fitted one segment still does.
      const before = (await composeAlertSms({ ...alert, title: '', message: '', responseOptions: [] }, locale)).trim();
      expect(line.length).toBeLessThan(before.length);
    }
  });
});

describe('smsSegments', () => {
  it('counts GSM-7 septets (extension characters twice) and UCS-2 units', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('æøå ÆØÅ äöü'.padEnd(160, '.'))).toBe(1);
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
    expect(smsSegments('’'.padEnd(70, 'a'))).toBe(1);
    expect(smsSegments('’'.padEnd(71, 'a'))).toBe(2);
  });
});
