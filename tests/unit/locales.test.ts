import { describe, it, expect } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/locales';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const load = (locale: string) =>
  flatten(JSON.parse(fs.readFileSync(path.resolve('messages', `${locale}.json`), 'utf8')) as Messages);
const source = load(DEFAULT_LOCALE);
/** The ICU arguments a message uses (plain, plural, select, number/date, tags), each once, sorted. */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(text));
  return [...names].sort();
}

describe('translations', () => {
  it('has a messages file for every locale and no other', () => {
    const files = fs
      .readdirSync(path.resolve('messages'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  describe.each(LOCALES.filter((l) => l !== DEFAULT_LOCALE))('%s', (locale) => {
    const messages = load(locale);

    it('has every key of en-us and no key en-us lacks', () => {
      expect([...messages.keys()].sort()).toEqual([...source.keys()].sort());
    });

    it('has no empty text and keeps the placeholders of en-us', () => {
      for (const [key, text] of source) {
        expect(messages.get(key)?.trim()).toBeTruthy();
        expect([key, placeholders(messages.get(key) ?? '')]).toEqual([key, placeholders(text)]);
      }
    });
  });

  // "Larm" and "Alarm" side by side in Swedish read as one word (one letter apart): the severities must be told apart
  // at a glance, so no two of them may be within one letter of each other.
  it.each(LOCALES)('%s names the severities alert, urgent alert and alarm with distinct words', (locale) => {
    const messages = load(locale);
    for (const group of ['alerts.severity', 'alerts.types']) {
      const words = ['alert', 'urgentAlert', 'alarm']
        .map((severity) => messages.get(`${group}.${severity}`)?.toLocaleLowerCase(locale))
        .filter((word): word is string => word !== undefined);
      for (const [index, word] of words.entries())
        for (const other of words.slice(index + 1))
          expect([locale, word, other, editDistance(word, other) > 1]).toEqual([locale, word, other, true]);
    }
    // The send button says the same word as the severity picker.
    const send = messages.get('newAlert.send') ?? '';
    expect(send.toLocaleLowerCase(locale)).toContain(messages.get('alerts.severity.alarm')!.toLocaleLowerCase(locale));
  });
});

/** Letters to insert, delete or replace to turn one text into the other (Levenshtein). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
