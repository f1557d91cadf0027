// The bare server of the bench: the yardsticks of bench/bare-app.ts on PORT, data in .tmp/bench-bare; with
// BARE_DATABASE_URL, the PostgreSQL floor's save route instead (its table in that database); with
// BARE_PARSE_ONLY=1, a save route that parses the body and writes nothing (data in .tmp/bench-bare-parse-only).
import { join } from 'node:path';
import { createBareApp, createBarePgApp } from './bare-app.ts';

const databaseUrl = process.env.BARE_DATABASE_URL;
const parseOnly = process.env.BARE_PARSE_ONLY === '1';
const bare = databaseUrl
  ? await createBarePgApp(databaseUrl)
  : createBareApp(
      join(import.meta.dirname, '..', '.tmp', parseOnly ? 'bench-bare-parse-only' : 'bench-bare'),
      {
        write: !parseOnly,
      },
    );
const port = Number(process.env.PORT ?? 4281);
await bare.app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bare.close().then(() => process.exit(0)));
}
