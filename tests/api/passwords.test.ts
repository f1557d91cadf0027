// Passwords stored before the hashing moved from node:crypto to @node-rs/argon2 must keep working: both
// compute argon2id version 0x13, and a stored hash names its own parameters.
import { argon2Sync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../src/server/features/auth/passwords.ts';

const CONFIG = { memoryKiB: 19_456, passes: 2, parallelism: 1, maxConcurrent: 2 };

/** A hash as the server stored it with node:crypto (the earlier implementation). */
function storedByNodeCrypto(password: string, memoryKiB: number, passes: number): string {
  const salt = randomBytes(16);
  const key = argon2Sync('argon2id', {
    message: password,
    nonce: salt,
    memory: memoryKiB,
    passes,
    parallelism: 1,
    tagLength: 32,
  });
  return `argon2id$m=${memoryKiB},t=${passes},p=1$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashing', () => {
  const hasher = createPasswordHasher(CONFIG);

  it('accepts the right password for hashes stored by node:crypto, at their own cost, and refuses a wrong one', async () => {
    for (const [m, t] of [
      [19_456, 2],
      [8, 1],
    ] as const) {
      const stored = storedByNodeCrypto('correct horse battery', m, t);
      expect(await hasher.verify('correct horse battery', stored)).toBe(true);
      expect(await hasher.verify('correct horse batterY', stored)).toBe(false);
    }
  });

  it('stores what node:crypto computes for the same salt, so either can check it', async () => {
    const stored = await hasher.hash('a new password 42');
    const [scheme, params, salt, key] = stored.split('$');
    expect(scheme).toBe('argon2id');
    expect(params).toBe('m=19456,t=2,p=1');
    const expected = argon2Sync('argon2id', {
      message: 'a new password 42',
      nonce: Buffer.from(salt!, 'base64'),
      memory: 19_456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    });
    expect(Buffer.from(key!, 'base64').equals(expected)).toBe(true);
    expect(await hasher.verify('a new password 42', stored)).toBe(true);
    expect(await hasher.verify('a new password 43', stored)).toBe(false);
  });

  it('refuses a stored value that is not an argon2id hash', async () => {
    expect(await hasher.verify('anything', 'bcrypt$whatever')).toBe(false);
    expect(await hasher.verify('anything', '')).toBe(false);
  });
});
