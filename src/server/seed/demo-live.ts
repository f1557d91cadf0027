import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Session {
  title: string;
  summary: string;
  body_html: string;
  /** From the seed's now: negative is in the past. */
  startsIn: number;
  minutes: number;
  meeting_url: string;
  /** Null: every school. */
  forDemoSchool: boolean;
  /** Micro topics it discusses, by name. */
  topics: string[];
}

const SESSIONS: Session[] = [
  {
    title: 'Q&A: planning play-based literacy activities',
    summary: 'Bring a literacy activity you are planning for your placement; we will shape it together.',
    body_html:
      '<p>An open question-and-answer hour on planning <strong>play-based literacy</strong>: dramatic play ' +
      'with print, shared reading that invites talk, and mark-making that counts as writing.</p>' +
      '<p>Post your questions in the thread before we start; the ones with the most interest go first.</p>',
    startsIn: 2 * DAY,
    minutes: 60,
    meeting_url: 'https://meet.jit.si/pathbuilder-literacy-qa',
    forDemoSchool: true,
    topics: ['Shared and Dialogic Reading', 'Emergent Writing'],
  },
  {
    title: 'Open discussion: supporting self-regulation in the toddler room',
    summary:
      'Co-regulation, calm corners and what to say in the moment, with practitioners from every school.',
    body_html:
      '<p>How do we help two-year-olds through big feelings? A discussion across schools on ' +
      '<em>co-regulation</em>, predictable routines and the language of emotions.</p>',
    startsIn: 9 * DAY,
    minutes: 45,
    meeting_url: 'https://meet.jit.si/pathbuilder-self-regulation',
    forDemoSchool: false,
    topics: ['Self-Regulation and Emotional Development'],
  },
  {
    title: 'Q&A: observation notes that lead to planning',
    summary:
      'Turning what you see into what you plan next: anecdotal records, learning stories and next steps.',
    body_html:
      '<p>We looked at real (anonymised) observation notes and asked: what does this tell us, and what ' +
      'do we offer tomorrow?</p>',
    startsIn: -5 * DAY,
    minutes: 60,
    meeting_url: 'https://meet.jit.si/pathbuilder-observation-qa',
    forDemoSchool: true,
    topics: [],
  },
];

/** The past session's thread: [who, minutes after the start, text]. */
const PAST_THREAD: Array<['teacher' | 'student' | 'newStudent', number, string]> = [
  ['teacher', 1, 'Welcome, everyone! Post your questions here while we talk. I will pick them up in order.'],
  [
    'student',
    4,
    'How much should I write in an anecdotal record? Mine end up half a page and I run out of time.',
  ],
  [
    'teacher',
    6,
    'Shorter is fine: what the child did and said, word for word where you can, and the context. Your interpretation goes in a separate line, so the facts stay facts.',
  ],
  ['newStudent', 11, 'Is a photo with a caption enough as an observation?'],
  [
    'teacher',
    13,
    'It can be, if the caption says what the child was doing and why it matters. A photo alone shows a moment, not the learning.',
  ],
  [
    'student',
    22,
    'We noticed a child counting the blocks in a tower up to 7. Would a next step be to offer number cards by the block area?',
  ],
  [
    'teacher',
    24,
    'Lovely idea. Keep it playful: cards she can choose to use, and join her to count together rather than quizzing.',
  ],
  ['student', 55, 'Thank you, this helped a lot!'],
];

/**
 * The demo's live discussions (issue 8): one scheduled in two days for the demo school, one later for every
 * school, and a past one with a real thread between the demo teacher and students, so /live shows each
 * section on first start.
 */
export async function seedDemoLive(
  ctx: AppContext,
  who: { school: number; admin: number; teacher: number; student: number; newStudent: number },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().getTime();
  const iso = (t: number) => new Date(t).toISOString();
  const topicIds = new Map(
    (await db.selectFrom('micro_topics').select(['id', 'name']).execute()).map((t) => [t.name, t.id]),
  );
  const ids: number[] = [];
  for (const s of SESSIONS) {
    const starts = now + s.startsIn;
    const row = await db
      .insertInto('content_items')
      .values({
        kind: 'live-discussion',
        title: s.title,
        summary: s.summary,
        body_html: s.body_html,
        published: 1,
        starts_at: iso(starts),
        ends_at: iso(starts + s.minutes * MINUTE),
        meeting_url: s.meeting_url,
        created_by: who.teacher,
        created_at: iso(Math.min(now, starts) - 7 * DAY),
        updated_at: iso(Math.min(now, starts) - 7 * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    if (s.forDemoSchool)
      await db.insertInto('content_schools').values({ content_id: row.id, school_id: who.school }).execute();
    const topics = s.topics.map((name) => topicIds.get(name)).filter((id): id is number => id !== undefined);
    if (topics.length)
      await db
        .insertInto('content_topics')
        .values(topics.map((micro_topic_id) => ({ content_id: row.id, micro_topic_id })))
        .execute();
  }
  const past = SESSIONS.findIndex((s) => s.startsIn < 0);
  const pastStart = now + SESSIONS[past]!.startsIn;
  const userOf = { teacher: who.teacher, student: who.student, newStudent: who.newStudent };
  await db
    .insertInto('live_messages')
    .values(
      PAST_THREAD.map(([author, minute, body]) => ({
        content_id: ids[past]!,
        user_id: userOf[author],
        client_id: randomUUID(),
        body,
        created_at: iso(pastStart + minute * MINUTE),
      })),
    )
    .execute();
}
