/**
 * `work` on each item, four at a time, results in the items' order: an import fetches tens of
 * small files, and one request after another would wait on each round trip.
 */
export async function fewAtATime<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, items.length) }, worker));
  return results;
}
