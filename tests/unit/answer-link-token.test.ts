import { describe, it, expect } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { answerTokenBytes } from '@/lib/answers/answer-link-token';

describe('the tap-to-answer token of a link', () => {
  it('reads back the 16 bytes of a 22-character base64url token', () => {
    const bytes = randomBytes(16);
    const token = bytes.toString('base64url');
    expect(token).toHaveLength(22);
    expect(Buffer.from(answerTokenBytes(token)!).equals(bytes)).toBe(true);
  });

  it('refuses anything else without asking the database: other lengths, characters, or a non-canonical form', () => {
    const token = randomBytes(16).toString('base64url');
    for (const bad of ['', 'abc', `${token}A`, token.slice(1), `${token.slice(0, 21)}+`, `${token.slice(0, 21)}=`]) {
      expect(answerTokenBytes(bad)).toBeNull();
    }
    // The last character carries 4 spare bits: 'AAA…B' decodes to the same zero bytes as 'AAA…A', but only the
    // canonical spelling names the token.
    expect(answerTokenBytes('A'.repeat(22))).not.toBeNull();
    expect(answerTokenBytes(`${'A'.repeat(21)}B`)).toBeNull();
  });
});
