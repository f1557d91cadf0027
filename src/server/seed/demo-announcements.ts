import type { AppContext } from '../context.ts';
import { createAnnouncementsRepository } from '../features/announcements/announcements.repository.ts';

const DAY = 24 * 3600_000;

/**
 * Three announcements a programme would really send to the demo school: two already out, one scheduled for
 * next week, which the sweep publishes (and notifies) when its time comes.
 */
export async function seedDemoAnnouncements(
  ctx: AppContext,
  who: { admin: number; teacher: number; school: number },
): Promise<void> {
  const repo = createAnnouncementsRepository(ctx.db);
  const now = ctx.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const items = [
    {
      created_by: who.admin,
      title: 'Practicum placement dates for this term',
      body_html:
        '<p>Placements in partner early-learning centres run for <strong>four weeks</strong>, starting on the ' +
        'first Monday of next month.</p><ul><li>Your centre and mentor teacher are e-mailed two weeks before.</li>' +
        '<li>Bring your practicum logbook and your signed confidentiality form on the first day.</li>' +
        '<li>Any clash with another commitment: tell your programme coordinator this week.</li></ul>',
      audience: 'schools' as const,
      role: null,
      school_ids: [who.school],
      publish_at: iso(now - 2 * DAY),
      expires_at: iso(now + 30 * DAY),
    },
    {
      created_by: who.teacher,
      title: 'First-aid certificate reminder',
      body_html:
        '<p>Before your placement starts, upload a copy of a <strong>current paediatric first-aid ' +
        'certificate</strong> (including CPR for infants and children).</p><p>Certificates older than three ' +
        'years are not accepted. The next course on campus is on Saturday; places are limited.</p>',
      audience: 'everyone' as const,
      role: 'student' as const,
      school_ids: [who.school],
      publish_at: iso(now - DAY),
      expires_at: iso(now + 21 * DAY),
    },
    {
      created_by: who.admin,
      title: 'Assessment week: quizzes close on Friday',
      body_html:
        '<p>Next week is assessment week. Finish the open quizzes on <em>child development</em> and ' +
        '<em>health, safety and nutrition</em> by Friday at 17:00.</p>',
      audience: 'everyone' as const,
      role: null,
      school_ids: [],
      publish_at: iso(now + 7 * DAY),
      expires_at: iso(now + 12 * DAY),
    },
  ];
  for (const { created_by, ...values } of items) {
    const id = await repo.create({ ...values, created_by, now: iso(now - 3 * DAY) });
    // The two already due went out before the demo's history starts: marked published without notifications
    // (demo.ts seeds the demo accounts' notifications). The scheduled one stays for the sweep.
    if (Date.parse(values.publish_at) <= now)
      await ctx.db
        .updateTable('announcements')
        .set({ published_at: values.publish_at })
        .where('id', '=', id)
        .execute();
  }
}
