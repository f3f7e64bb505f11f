/**
 * Maps a long list in slices of `sliceSize`, one item after the other, letting the event loop turn between slices: for
 * CPU-bound work (checking a thousand import rows takes 60–200 ms in the web process; composing a thousand e-mails
 * seconds in the worker, whose job lock must be renewed meanwhile), so nothing else waits for all of it.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  sliceSize: number,
  map: (item: T, index: number) => R | Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(items.length, start + sliceSize);
    for (let index = start; index < end; index += 1) results.push(await map(items[index], index));
  }
  return results;
}
