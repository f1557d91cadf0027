// Cached API answers belong to the session that asked for them: the key carries a digest of the
// Authorization header, so one person's data is never served to the next person on a shared device.
const USER_PARAM = '__sw_user';

async function digestOf(value: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  return Array.from(bytes.subarray(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function perUserKey(request: Request): Promise<string> {
  const authorization = request.headers.get('Authorization');
  const url = new URL(request.url);
  url.searchParams.set(USER_PARAM, authorization ? await digestOf(authorization) : 'anonymous');
  return url.href;
}

/** The first path segment under /api names the resource a write touches (`/api/user/5/...` → `user`). */
export function resourceOf(pathname: string, apiBase: string): string | null {
  if (!pathname.startsWith(`${apiBase}/`)) return null;
  const segment = pathname.slice(apiBase.length + 1).split('/')[0];
  return segment === '' ? null : segment;
}
