// The yardstick: the same Node and Fastify with nothing else, one route. bench/run.ts compares our
// API's answer time with this one's.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));

const port = Number(process.env.PORT ?? 4281);
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
