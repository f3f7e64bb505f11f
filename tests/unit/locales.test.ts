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
});
