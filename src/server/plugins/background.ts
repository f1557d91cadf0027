import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the response has gone: a request whose answer must not depend on it (a reset mail
 * takes ~100 ms over SMTP for a registered address and nothing for an unknown one, which would tell who is
 * registered). Failures are logged; shutdown waits for what is still running.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<unknown>): void {
      const task = (async () => {
        // Let the response go out first.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await work();
      })()
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Resolves when nothing is running (tasks started meanwhile are waited for too). */
    async idle(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
