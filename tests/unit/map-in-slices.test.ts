import { describe, it, expect } from '@jest/globals';
import { mapInSlices } from '@/lib/map-in-slices';

describe('mapInSlices', () => {
  it('maps every item in order, with its index', async () => {
    const items = Array.from({ length: 250 }, (_, i) => i * 2);
    expect(await mapInSlices(items, 100, (item, index) => `${index}:${item}`)).toEqual(
      items.map((item, index) => `${index}:${item}`),
    );
    expect(await mapInSlices([], 100, (item) => item)).toEqual([]);
  });

  it('lets other work run between slices, not within one', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    await mapInSlices([1, 2, 3, 4], 2, (item) => order.push(`row ${item}`));
    expect(order).toEqual(['row 1', 'row 2', 'other request', 'row 3', 'row 4']);
  });
});
