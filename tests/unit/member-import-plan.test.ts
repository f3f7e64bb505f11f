import { describe, it, expect } from '@jest/globals';
import { ADD_CHUNK_SIZE, CHECK_CHUNK_SIZE, chunk, rowRanges } from '@/components/members/import/import-plan';

describe('member import plan', () => {
  it('checks in batches of the API maximum and adds in chunks of 100', () => {
    expect(CHECK_CHUNK_SIZE).toBe(1000);
    expect(ADD_CHUNK_SIZE).toBe(100);
    const rows = Array.from({ length: 2001 }, (_, i) => i);
    expect(chunk(rows, CHECK_CHUNK_SIZE).map((part) => part.length)).toEqual([1000, 1000, 1]);
    expect(chunk(rows, ADD_CHUNK_SIZE).flat()).toEqual(rows);
    expect(chunk([], ADD_CHUNK_SIZE)).toEqual([]);
  });

  it('names rows as short ranges, in order and without repeats', () => {
    expect(rowRanges([2, 3, 4, 9, 11, 12])).toBe('2–4, 9, 11–12');
    expect(rowRanges([12, 2, 3, 3])).toBe('2–3, 12');
    expect(rowRanges([7])).toBe('7');
    expect(rowRanges([])).toBe('');
    expect(rowRanges(Array.from({ length: 200 }, (_, i) => 102 + i))).toBe('102–301');
  });
});
