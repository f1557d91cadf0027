import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
// One call, no Hash object: this runs for every authenticated request.
export const sha256 = (value: string) => hash('sha256', value, 'hex');

/** The signature of an e-mail verification link; it binds the address so changing e-mail voids old links. */
export function signVerification(appKey: string, userId: number, email: string, expires: number): string {
  return createHmac('sha256', appKey).update(`verify|${userId}|${email}|${expires}`).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A client address as stored: keyed, so the table of where accounts sign in holds no addresses. */
export function addressTag(appKey: string, address: string): string {
  return createHmac('sha256', appKey).update(`address|${address}`).digest('hex');
}
