import { describe, expect, it } from '@jest/globals';
import { smsKeyword, tocsinReplies } from '@/lib/sms-opt-out/sms-keyword';

// Which inbound SMS are keywords (issue 36), and who replies to them.
describe('smsKeyword', () => {
  it('knows the opt-out, opt-in and help words in any case, as a whole message', () => {
    expect(smsKeyword(' stop ')).toEqual({ kind: 'optOut', word: 'STOP', standard: true });
    expect(smsKeyword('Stop!')).toMatchObject({ kind: 'optOut', word: 'STOP' });
    expect(smsKeyword('stopp')).toEqual({ kind: 'optOut', word: 'STOPP', standard: false });
    expect(smsKeyword('Afmeld')).toMatchObject({ kind: 'optOut', standard: false });
    expect(smsKeyword('unstop')).toEqual({ kind: 'optIn', word: 'UNSTOP', standard: true });
    expect(smsKeyword('hjälp')).toEqual({ kind: 'help', word: 'HJÄLP', standard: false });
    expect(smsKeyword('INFO')).toEqual({ kind: 'help', word: 'INFO', standard: true });
  });

  it('leaves sentences and the words that confirm alerts alone', () => {
    for (const body of ['stop please', 'please stop', 'YES', 'ja', 'OK', '1', 'para', 'sluta', '', 'START NOW'])
      expect(smsKeyword(body)).toBeNull();
  });
});

describe('tocsinReplies', () => {
  it('leaves Twilio’s own keywords to Twilio under its default handling, and always answers the localized ones', () => {
    expect(tocsinReplies(smsKeyword('STOP')!, 'twilio')).toBe(false);
    expect(tocsinReplies(smsKeyword('HELP')!, 'twilio')).toBe(false);
    expect(tocsinReplies(smsKeyword('STOPP')!, 'twilio')).toBe(true);
    expect(tocsinReplies(smsKeyword('STOP')!, 'tocsin')).toBe(true);
  });
});
