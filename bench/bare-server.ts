// The bare server of the bench: the yardsticks of bench/bare-app.ts on PORT, data in .tmp/bench-bare.
import { join } from 'node:path';
import { createBareApp } from './bare-app.ts';

const bare = createBareApp(join(import.meta.dirname, '..', '.tmp', 'bench-bare'));
const port = Number(process.env.PORT ?? 4281);
await bare.app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bare.close().then(() => process.exit(0)));
}
