import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';
import type { PasswordHashingConfig } from '../../config.ts';
import type { HashPriority, PasswordHasher } from '../../context.ts';

const TAG_LENGTH = 32;
/** Algorithm.Argon2id: a const enum, which Node's type stripping cannot inline. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id (version 0x13) by @node-rs/argon2, on libuv's thread pool like node:crypto's: the same output
 * (tests/api/passwords.test.ts), in about 60% of the time, so a class logging in at once waits less.
 */
function argon2id(
  password: string,
  salt: Buffer,
  memoryKiB: number,
  passes: number,
  parallelism: number,
): Promise<Buffer> {
  return hashRaw(password, {
    algorithm: ARGON2ID,
    memoryCost: memoryKiB,
    timeCost: passes,
    parallelism,
    outputLen: TAG_LENGTH,
    salt,
  });
}

/**
 * argon2id runs on libuv's thread pool, so hashing never blocks the event loop; the semaphore caps how many
 * run at once so 30 simultaneous logins do not occupy every pool thread (file and DNS work share them).
 * Logins are served first, and new-password hashes never take the last free slot, so a login waits for at
 * most the hash already running.
 */
export function createPasswordHasher(config: PasswordHashingConfig): PasswordHasher {
  let running = 0;
  const waiting: Record<HashPriority, Array<() => void>> = { login: [], 'new-password': [] };
  const newPasswordSlots = Math.max(1, config.maxConcurrent - 1);
  const mayStart = (priority: HashPriority) =>
    priority === 'login'
      ? running < config.maxConcurrent
      : running < newPasswordSlots && waiting.login.length === 0;
  // Freed slots are handed straight to the next waiter, so a newcomer cannot slip in between.
  function wakeNext(): void {
    for (;;) {
      const next: HashPriority | null =
        waiting.login.length && mayStart('login')
          ? 'login'
          : waiting['new-password'].length && mayStart('new-password')
            ? 'new-password'
            : null;
      if (!next) return;
      running++;
      waiting[next].shift()?.();
    }
  }
  async function withSlot<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
    if (mayStart(priority) && !waiting[priority].length) running++;
    else await new Promise<void>((resolve) => waiting[priority].push(resolve));
    try {
      return await work();
    } finally {
      running--;
      wakeNext();
    }
  }

  return {
    async hash(password: string, priority: HashPriority = 'new-password'): Promise<string> {
      const salt = randomBytes(16);
      const { memoryKiB: m, passes: t, parallelism: p } = config;
      const key = await withSlot(priority, () => argon2id(password, salt, m, t, p));
      return `argon2id$m=${m},t=${t},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    /** Parameters are read from the stored hash, so raising the cost later keeps old hashes valid. */
    async verify(password: string, stored: string, priority: HashPriority = 'login'): Promise<boolean> {
      const [scheme, params, salt, key] = stored.split('$');
      const m = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(params ?? '');
      if (scheme !== 'argon2id' || !m || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await withSlot(priority, () =>
        argon2id(password, Buffer.from(salt, 'base64'), Number(m[1]), Number(m[2]), Number(m[3])),
      );
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type { HashPriority, PasswordHasher };
