import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop's first step (main.ts): from `start()` on, readiness answers 503 so a load balancer that
 * asks it stops sending here, and every response says `Connection: close` — also the answer to a request
 * that was already running — so a kept-alive connection ends with the answer its client was waiting for,
 * and the client's next request opens a connection to another host.
 */
export function createDrain(app: FastifyInstance) {
  let draining = false;
  // A callback hook: every response passes it, and an async one costs a promise and a turn each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return {
    draining: () => draining,
    start(): void {
      draining = true;
    },
  };
}
