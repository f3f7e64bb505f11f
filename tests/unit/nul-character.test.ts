import { describe, it, expect } from '@jest/globals';
import { nulCharacterPath } from '@/lib/text/nul-character';

describe('nulCharacterPath', () => {
  it('finds a NUL in a string, a nested value or a key, and nothing in clean values', () => {
    expect(nulCharacterPath('a\u0000b')).toEqual([]);
    expect(nulCharacterPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(nulCharacterPath({ ['k\u0000ey']: 1 })).toEqual(['key']);
    expect(nulCharacterPath({ a: 'plain', b: [1, true, null], c: { d: 'é \u2028 \uFFFD' } })).toBeNull();
  });

  it('leaves bytes alone (an uploaded file may hold zeros)', () => {
    expect(nulCharacterPath({ bytes: Buffer.from([0, 1, 0]) })).toBeNull();
  });
});
