import { describe, expect, it } from 'vitest';
import { readChunkBytes } from '../../src/server/features/files/file-store.ts';

describe('readChunkBytes (the disk store read size)', () => {
  it('reads a short range in 256 KiB pieces, never more than it asks for, and a long one in 64 KiB', () => {
    expect(readChunkBytes(1024 * 1024)).toBe(256 * 1024);
    expect(readChunkBytes(4 * 1024 * 1024)).toBe(256 * 1024);
    expect(readChunkBytes(2)).toBe(2);
    // An empty file still gets a valid stream size.
    expect(readChunkBytes(0)).toBe(1);
    // `bytes=0-` of a whole video: a player holds it paused as it plays, so it keeps Node's default.
    expect(readChunkBytes(4 * 1024 * 1024 + 1)).toBe(64 * 1024);
    expect(readChunkBytes(50 * 1024 * 1024)).toBe(64 * 1024);
  });
});
