import type { FastifyInstance } from 'fastify';
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
