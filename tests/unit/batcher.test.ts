// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../src/server/db/batcher.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createBatcher (group commit of saves arriving together)', () => {
  it('gathers what waits while a batch runs, keeps one key out of two batches at once, and answers each item', async () => {
    const batches: string[][] = [];
    const batcher = createBatcher<{ key: string; value: number }, number>({
      maxSize: 10,
      maxInFlight: 1,
      keyOf: (item) => item.key,
      run: async (items) => {
        batches.push(items.map((i) => `${i.key}${i.value}`));
        await wait(20);
        return items.map((i) => (i.value < 0 ? new Error(`refused ${i.key}`) : i.value * 2));
      },
    });
    const first = batcher.add({ key: 'a', value: 1 });
    await wait(5);
    // These arrive while the first batch runs: they go together, except the second of key a.
    const rest = [
      batcher.add({ key: 'a', value: 2 }),
      batcher.add({ key: 'b', value: 3 }),
      batcher.add({ key: 'c', value: -1 }),
      batcher.add({ key: 'a', value: 4 }),
    ];
    const settled = await Promise.allSettled([first, ...rest]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      2,
      4,
      6,
      'refused c',
      8,
    ]);
    expect(batches).toEqual([['a1'], ['a2', 'b3', 'c-1'], ['a4']]);
    await batcher.settled();
  });

  it('fails every item of a batch whose run throws, and goes on with the next', async () => {
    let calls = 0;
    const batcher = createBatcher<number, number>({
      maxSize: 10,
      maxInFlight: 2,
      keyOf: String,
      run: async (items) => {
        if (calls++ === 0) throw new Error('connection lost');
        return items;
      },
    });
    const failed = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(failed.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.add(3)).toBe(3);
  });
});
