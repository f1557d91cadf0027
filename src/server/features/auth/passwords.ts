import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHashingConfig } from '../../config.ts';

const TAG_LENGTH = 32;

function argon2id(
  password: string,
  salt: Buffer,
  memoryKiB: number,
  passes: number,
  parallelism: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2(
      'argon2id',
      { message: password, nonce: salt, memory: memoryKiB, passes, parallelism, tagLength: TAG_LENGTH },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/**
 * argon2id runs on libuv's thread pool, so hashing never blocks the event loop; the semaphore caps how many
 * run at once so 30 simultaneous logins do not occupy every pool thread (file and DNS work share them).
 */
export function createPasswordHasher(config: PasswordHashingConfig) {
  let running = 0;
  const waiting: Array<() => void> = [];
  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= config.maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16);
      const { memoryKiB: m, passes: t, parallelism: p } = config;
      const key = await withSlot(() => argon2id(password, salt, m, t, p));
      return `argon2id$m=${m},t=${t},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    /** Parameters are read from the stored hash, so raising the cost later keeps old hashes valid. */
    async verify(password: string, stored: string): Promise<boolean> {
      const [scheme, params, salt, key] = stored.split('$');
      const m = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(params ?? '');
      if (scheme !== 'argon2id' || !m || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await withSlot(() =>
        argon2id(password, Buffer.from(salt, 'base64'), Number(m[1]), Number(m[2]), Number(m[3])),
      );
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
