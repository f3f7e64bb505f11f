/**
 * Maps a long list in slices of `sliceSize`, letting the event loop serve other requests between slices: for CPU-bound
 * work in the web process (checking a thousand import rows takes 60–200 ms), so no other request waits for all of it.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  sliceSize: number,
  map: (item: T, index: number) => R,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(items.length, start + sliceSize);
    for (let index = start; index < end; index += 1) results.push(map(items[index], index));
  }
  return results;
}
