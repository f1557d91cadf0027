import { sql } from 'kysely';
import { healthResponseSchema, readinessResponseSchema } from '../../../shared/contracts/health.ts';
import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import type { Route } from '../../plugins/routes.ts';

/** A check that has not answered by then counts as failed: a probe must answer while the database hangs. */
const CHECK_TIMEOUT_MS = 2_000;

export function healthRoutes(
  route: Route,
  ctx: AppContext,
  deps: { draining: () => boolean; checkFiles: () => Promise<void> },
): void {
  route({
    method: 'GET',
    url: '/health',
    access: 'public',
    summary: 'Liveness: the process answers (nothing behind it is asked; see /health/ready)',
    response: healthResponseSchema,
    handler: async () => ({ status: 'ok' as const, database: ctx.dialect, version: ctx.config.version }),
  });

  route({
    method: 'GET',
    url: '/health/ready',
    access: 'public',
    summary:
      'Readiness: 200 when the database answers, every migration has run and the file store takes files; 503 otherwise, and while the process drains',
    response: readinessResponseSchema,
    // Its status depends on the checks, so it sends its own reply (through the contract all the same).
    sendsReply: true,
    handler: async ({ reply }) => {
      const [database, migrations, files] = await Promise.all([
        check(async () => {
          await sql`select 1`.execute(ctx.db);
        }),
        check(async () => {
          const pending = await pendingMigrations(ctx.db, ctx.dialect, ctx.config.pgSchema);
          if (pending.length) throw new Error(`pending: ${pending.join(', ')}`);
        }),
        check(deps.checkFiles),
      ]);
      const draining = deps.draining();
      const ready = !draining && database === 'ok' && migrations === 'ok' && files === 'ok';
      const body = readinessResponseSchema.parse({
        status: ready ? 'ready' : 'not_ready',
        draining,
        checks: { database, migrations, files },
      });
      await reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
      return body;
    },
  });
}

/** `ok`, or the failure as one line (`error: …`; a check may name its own state, as `pending: …`). */
async function check(run: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return message.startsWith('pending: ') ? message : `error: ${message.split('\n')[0]}`;
  } finally {
    clearTimeout(timer);
  }
}
