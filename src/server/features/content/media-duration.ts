/**
 * A video's length read from its own bytes, a few small reads at a time (a 500 MB file is never loaded):
 * MP4 from moov/mvhd (timescale and duration), WebM from Segment/Info (Duration × TimecodeScale). Null when
 * the file does not say, as a WebM recorded by a browser's MediaRecorder does not: the client's reading is
 * used then.
 */
export type ReadAt = (start: number, length: number) => Promise<Buffer>;

export async function mediaDuration(mime: string, size: number, read: ReadAt): Promise<number | null> {
  try {
    if (mime === 'video/mp4' || mime === 'video/quicktime') return await mp4Duration(size, read);
    if (mime === 'video/webm') return webmDuration(await read(0, Math.min(size, 256 * 1024)));
  } catch {
    // A damaged or unusual file: no duration from it rather than a failed save.
  }
  return null;
}

/** Walks the top-level boxes by their headers (mdat is skipped, not read) to moov, then finds mvhd in it. */
async function mp4Duration(size: number, read: ReadAt): Promise<number | null> {
  let offset = 0;
  for (let boxes = 0; offset + 8 <= size && boxes < 1000; boxes++) {
    const head = await read(offset, 16);
    if (head.length < 8) return null;
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      if (head.length < 16) return null;
      boxSize = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < headerSize) return null;
    if (type === 'moov') {
      const body = await read(offset + headerSize, Math.min(boxSize - headerSize, 64 * 1024));
      return mvhdDuration(body);
    }
    offset += boxSize;
  }
  return null;
}

function mvhdDuration(moov: Buffer): number | null {
  let at = 0;
  while (at + 8 <= moov.length) {
    const size = moov.readUInt32BE(at);
    const type = moov.toString('latin1', at + 4, at + 8);
    if (type === 'mvhd') {
      const version = moov[at + 8];
      const timescale = version === 1 ? moov.readUInt32BE(at + 28) : moov.readUInt32BE(at + 20);
      const duration = version === 1 ? Number(moov.readBigUInt64BE(at + 32)) : moov.readUInt32BE(at + 24);
      // All ones: "unknown" (a fragmented MP4 still being written).
      if (!timescale || !duration || duration === 0xffffffff) return null;
      return duration / timescale;
    }
    if (size < 8) return null;
    at += size;
  }
  return null;
}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** An EBML variable-length integer at `at`: its length and value (the id keeps its marker bits, a size does not). */
function vint(
  buf: Buffer,
  at: number,
  keepMarker: boolean,
): { length: number; value: number; unknown: boolean } {
  const first = buf[at];
  if (first === undefined || first === 0) throw new Error('bad vint');
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i];
    if (byte === undefined) throw new Error('short vint');
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function webmDuration(buf: Buffer): number | null {
  let at = 0;
  const id0 = vint(buf, at, true);
  if (id0.value !== EBML) return null;
  const size0 = vint(buf, at + id0.length, false);
  at += id0.length + size0.length + size0.value;
  const seg = vint(buf, at, true);
  if (seg.value !== SEGMENT) return null;
  const segSize = vint(buf, at + seg.length, false);
  at += seg.length + segSize.length;
  while (at < buf.length) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const body = at + id.length + size.length;
    if (id.value === CLUSTER || size.unknown) return null;
    if (id.value === INFO) return infoDuration(buf.subarray(body, body + size.value));
    at = body + size.value;
  }
  return null;
}

function infoDuration(info: Buffer): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  let at = 0;
  while (at < info.length) {
    const id = vint(info, at, true);
    const size = vint(info, at + id.length, false);
    const body = at + id.length + size.length;
    if (id.value === TIMECODE_SCALE) scale = info.readUIntBE(body, Math.min(size.value, 6));
    if (id.value === DURATION)
      duration =
        size.value === 4 ? info.readFloatBE(body) : size.value === 8 ? info.readDoubleBE(body) : null;
    at = body + size.value;
  }
  // Duration is in ticks of TimecodeScale nanoseconds.
  return duration && duration > 0 ? (duration * scale) / 1e9 : null;
}
