import { config, z } from 'zod';
import { describe, expect, it } from 'vitest';
import { makeZodJitless } from '../../../src/client/lib/zod-jitless.ts';

// main.tsx sets zod's configuration without importing zod (it stays out of the first screen's code): this
// fails if a zod upgrade stops reading the global it is set on.
describe('makeZodJitless', () => {
  it('turns on the configuration zod itself reads', () => {
    makeZodJitless();
    expect(config().jitless).toBe(true);
    expect((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig).toBe(config());
    const schema = z.object({ id: z.number(), name: z.string() });
    expect(schema.parse({ id: 1, name: 'a', extra: true })).toEqual({ id: 1, name: 'a' });
    expect(schema.safeParse({ id: '1', name: 'a' }).success).toBe(false);
  });
});
