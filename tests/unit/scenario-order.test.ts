import { describe, it, expect } from '@jest/globals';
import { inFolder, moveWithinFolder } from '@/components/scenarios/scenario-order';

const order = [
  { id: 'a', folderId: null },
  { id: 'b', folderId: 'fire' },
  { id: 'c', folderId: null },
  { id: 'd', folderId: 'fire' },
  { id: 'e', folderId: 'fire' },
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('scenario order', () => {
  it('lists a folder in the company order', () => {
    expect(ids(inFolder(order, 'fire'))).toEqual(['b', 'd', 'e']);
    expect(ids(inFolder(order, null))).toEqual(['a', 'c']);
  });

  it('moves within the folder and keeps the other folders in their places', () => {
    expect(ids(moveWithinFolder(order, 'e', 0))).toEqual(['a', 'e', 'c', 'b', 'd']);
    expect(ids(moveWithinFolder(order, 'b', 1))).toEqual(['a', 'd', 'c', 'b', 'e']);
    expect(ids(moveWithinFolder(order, 'c', 0))).toEqual(['c', 'b', 'a', 'd', 'e']);
  });

  it('clamps to the folder and answers the same order when nothing moves', () => {
    expect(ids(moveWithinFolder(order, 'e', 9))).toEqual(ids(order));
    expect(moveWithinFolder(order, 'a', -1)).toBe(order);
    expect(moveWithinFolder(order, 'missing', 0)).toBe(order);
    expect(ids(moveWithinFolder(order, 'd', -5))).toEqual(['a', 'd', 'c', 'b', 'e']);
  });
});
