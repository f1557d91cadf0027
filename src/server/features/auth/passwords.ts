import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashingConfig } from '../../config.ts';

const KEY_LENGTH = 64;

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * scrypt runs on libuv's thread pool, so hashing never blocks the event loop; the semaphore caps how many
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

  const derive = (password: string, salt: Buffer, N: number, r: number, p: number) =>
    withSlot(() => scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }));

  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16);
      const N = config.cost;
      const key = await derive(password, salt, N, 8, 1);
      return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    /** Parameters are read from the stored hash, so raising the cost later keeps old hashes valid. */
    async verify(password: string, stored: string): Promise<boolean> {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
