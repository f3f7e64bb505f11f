import { describe, expect, it } from '@jest/globals';
import type { AnswerOf, Json } from '@/lib/http/answer-of';

// AnswerOf is a type: these cases fail the type check (npx tsc) when it no longer matches what JSON.stringify writes;
// the round trips check the same cases at run time.

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(check: Same<A, B>) => check;

interface Stored {
  at: Date;
  note?: string;
  left: string | undefined;
  format: () => string;
  tags: readonly string[];
  pair: [Date, undefined];
  nothing: null;
}

const stored: Stored = {
  at: new Date('2026-01-02T03:04:05.000Z'),
  left: undefined,
  format: () => 'never sent',
  tags: ['a'],
  pair: [new Date('2026-01-02T03:04:05.000Z'), undefined],
  nothing: null,
};
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? {}));

describe('AnswerOf', () => {
  it('is the awaited result as JSON gives it back: dates as strings, undefined and functions left out', async () => {
    const readStored = async (_ctx: unknown, _input: { id: string }) => stored;
    same<
      AnswerOf<typeof readStored>,
      { at: string; note?: string; left?: string; tags: string[]; pair: [string, null]; nothing: null }
    >(true);
    expect(roundTrip(await readStored(null, { id: 'x' }))).toEqual({
      at: '2026-01-02T03:04:05.000Z',
      tags: ['a'],
      pair: ['2026-01-02T03:04:05.000Z', null],
      nothing: null,
    });
  });

  it('is {} where the operation returns nothing or null, as the route wrapper answers it', async () => {
    const returnNothing = async () => undefined;
    const maybeNull = (): { id: string } | null => null;
    same<AnswerOf<typeof returnNothing>, Record<string, never>>(true);
    same<AnswerOf<typeof maybeNull>, { id: string } | Record<string, never>>(true);
    expect(roundTrip(await returnNothing())).toEqual({});
    expect(roundTrip(maybeNull())).toEqual({});
  });

  it('writes a Map or Set as {} and keeps literal types', () => {
    same<Json<{ seen: Set<string>; kind: 'a' | 'b' }>, { seen: Record<string, never>; kind: 'a' | 'b' }>(true);
    expect(roundTrip({ seen: new Set(['x']), kind: 'a' })).toEqual({ seen: {}, kind: 'a' });
  });
});
