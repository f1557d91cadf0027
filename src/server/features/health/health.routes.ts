import { sql } from 'kysely';
import { healthResponseSchema } from '../../../shared/contracts/health.ts';
import type { AppContext } from '../../context.ts';
import type { Route } from '../../plugins/routes.ts';

export function healthRoutes(route: Route, ctx: AppContext): void {
  route({
    method: 'GET',
    url: '/health',
    access: 'public',
    summary: 'Liveness and database reachability',
    response: healthResponseSchema,
    handler: async () => {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' as const, database: ctx.dialect, version: ctx.config.version };
    },
  });
}
