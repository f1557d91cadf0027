import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { refitIfGrown } from './features/learning/item-parameters.ts';
import type { createAnnouncementsService } from './features/announcements/announcements.service.ts';
import type { createAttemptsService } from './features/attempts/attempts.service.ts';
import type { createAuthService } from './features/auth/auth.service.ts';

export function startSweeps(
  app: FastifyInstance,
  attempts: ReturnType<typeof createAttemptsService>,
  auth: ReturnType<typeof createAuthService>,
): void {
  // Attempts past their deadline and offline grace are submitted even if nobody asks for them.
  const attemptSweep = setInterval(
    () => void attempts.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'attempt sweep failed')),
    30_000,
  );
  attemptSweep.unref();
  app.addHook('onClose', async () => clearInterval(attemptSweep));

  // Expired sessions are dead weight; sweep them hourly.
  const sweep = setInterval(
    () =>
      void auth
        .deleteExpiredSessions()
        .catch((err: unknown) => app.log.warn({ err }, 'session sweep failed')),
    3600_000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/** Scheduled announcements go out within a minute of their time even if nobody opens the app. */
export function startAnnouncementSweep(
  app: FastifyInstance,
  announcements: ReturnType<typeof createAnnouncementsService>,
): void {
  const timer = setInterval(
    () =>
      void announcements
        .publishDue()
        .catch((err: unknown) => app.log.warn({ err }, 'announcement sweep failed')),
    60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Item parameters are refitted from the stored answers once they grew by max(200, 10 %) since the last fit
 * (item-parameters.ts); the check is two counts, so it runs every ten minutes.
 */
export function startItemFitSweep(app: FastifyInstance, ctx: AppContext): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refitIfGrown(ctx.db, ctx.now())
      .then((done) => {
        if (done) app.log.info(done, 'item parameters refitted');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'item fit sweep failed'))
      .finally(() => (running = false));
  }, 600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
