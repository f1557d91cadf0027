import { createHash } from 'node:crypto';
import type { BuiltApp } from '../../../src/server/app.ts';

/** The session row id of a bearer token: what a signed file link names. */
export async function sessionIdOf(app: BuiltApp, token: string): Promise<number> {
  const hash = createHash('sha256').update(token).digest('hex');
  const row = await app.ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hash)
    .executeTakeFirstOrThrow();
  return row.id;
}
