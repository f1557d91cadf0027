// One classroom on bad Wi-Fi, on one database: seed, start the real server, put the fault proxy in front,
// let the protocol students and the Chromium pages take the quiz through it, then ask the server directly
// what it stored and graded.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkClass, submissionsNotCountedOnce, type Taken, type Verdict } from './classroom-check.ts';
import { launchChromium, takeQuizInBrowser, type BrowserOutcome } from './classroom-browsers.ts';
import { seedClassroom, STUDENT_PASSWORD } from './classroom-seed.ts';
import { newStats, takeQuiz, type ClassStats, type Pace, type StudentOutcome } from './classroom-student.ts';
import { seededRandom, startFaultProxy, type FaultCounts } from './fault-proxy.ts';
import { startServer } from './processes.ts';

const ROOT = join(import.meta.dirname, '..');

export interface ClassroomSettings {
  minutes: number;
  students: number;
  browsers: number;
  questions: number;
  seed: number;
  dropReplyShare: number;
  hangMs: number;
  latencyMs: readonly [number, number];
  outageEveryMs: readonly [number, number];
  outageLastingMs: readonly [number, number];
  staticDir: string;
  port: number;
}

export interface ClassroomRun {
  verdict: Verdict;
  /** Students whose submission the proficiency counted other than once. */
  notCountedOnce: string[];
  stats: ClassStats;
  faults: FaultCounts;
  browsers: BrowserOutcome[];
  wallMs: number;
  seedMs: number;
}

/** The pace that makes the quiz last about `minutes`: thinking time spread over the questions. */
export function paceFor(s: ClassroomSettings): Pace {
  const total = s.minutes * 60_000;
  const startSpreadMs = Math.min(10_000, total * 0.1);
  const changeShare = 0.25;
  // Each question: one answer, a quarter of them a second one half a gap later; then a revisit and the submit.
  const gap = (total - startSpreadMs) / (s.questions * (1 + changeShare / 2) + 2);
  return { startSpreadMs, gapMs: [gap * 0.5, gap * 1.5], changeShare, revisitShare: 0.3, rightShare: 0.7 };
}

export async function runClassroom(
  label: string,
  s: ClassroomSettings,
  database: { dataDir: string; databaseUrl?: string },
): Promise<ClassroomRun> {
  rmSync(database.dataDir, { recursive: true, force: true });
  const seedStart = Date.now();
  // The quiz's time limit leaves room for the slowest student and a few outages; it is timed all the same.
  const timeLimitMinutes = Math.ceil(s.minutes * 2 + 3);
  const classroom = await seedClassroom({ ...database, ...s, timeLimitMinutes });
  const seedMs = Date.now() - seedStart;
  const server = await startServer(
    `${label} server`,
    join(ROOT, 'src/server/main.ts'),
    s.port,
    '/api/health',
    {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      STATIC_DIR: s.staticDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  );
  const proxy = await startFaultProxy({
    target: { host: '127.0.0.1', port: s.port },
    seed: s.seed,
    latencyMs: s.latencyMs,
    dropReplyShare: s.dropReplyShare,
    outages: { everyMs: s.outageEveryMs, lastingMs: s.outageLastingMs },
  });
  const browser = s.browsers > 0 ? await launchChromium() : null;
  try {
    const pace = paceFor(s);
    const stats = newStats();
    const started = Date.now();
    // Well past the time limit: a student still sending then has lost the quiz.
    const giveUpAt = started + timeLimitMinutes * 60_000 + 60_000;
    const base = new URL(proxy.url);
    const students = classroom.students.map((student, i) =>
      takeQuiz({
        base,
        token: student.token,
        quizId: classroom.quizId,
        questions: classroom.questions,
        pace,
        hangMs: s.hangMs,
        random: seededRandom(s.seed * 1000 + i),
        stats,
        giveUpAt,
      }).then((outcome): [string, StudentOutcome] => [student.email, outcome]),
    );
    const browsers = classroom.browserEmails.map((email, i) =>
      takeQuizInBrowser({
        browser: browser!,
        base: proxy.url,
        email,
        password: STUDENT_PASSWORD,
        quizTitle: classroom.quizTitle,
        questions: classroom.questions,
        pace,
        random: seededRandom(s.seed * 7919 + i),
        giveUpAt,
      }),
    );
    // A line every 30 s, so a long run shows where it is (and a stuck student shows as one not done).
    let finished = 0;
    for (const p of [...students, ...browsers]) void p.then(() => (finished += 1));
    const progress = setInterval(() => {
      const f = proxy.counts();
      console.log(
        `  ${label} ${Math.round((Date.now() - started) / 1000)} s: ${finished}/${students.length + browsers.length} done, ` +
          `${stats.ackMs.length} answers acknowledged, ${f.repliesDropped} replies lost, ${f.deadAirs} dead airs, ${f.resets} resets`,
      );
    }, 30_000);
    const done = await Promise.all(students);
    const browserOutcomes = await Promise.all(browsers);
    clearInterval(progress);
    const wallMs = Date.now() - started;
    const faults = proxy.counts();
    await proxy.close();

    const taken: Taken[] = done.map(([email, o], i) => ({
      who: email,
      token: classroom.students[i]!.token,
      attemptId: o.attemptId,
      lastGiven: o.lastGiven,
      lastAcked: o.lastAcked,
    }));
    for (const b of browserOutcomes) {
      const res = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: b.email, password: STUDENT_PASSWORD }),
      });
      const { access_token: token } = (await res.json()) as { access_token: string };
      taken.push({
        who: `${b.email} (Chromium)`,
        token,
        attemptId: b.attemptId,
        lastGiven: b.lastGiven,
        lastAcked: null,
      });
    }
    const verdict = await checkClass(server.baseUrl, taken);
    await server.stop();
    const submitted = [
      ...done.map(([email, o]) => [email, o] as const),
      ...browserOutcomes.map((b) => [b.email, b] as const),
    ];
    const expected = new Map(
      submitted
        .filter(([, o]) => ('submitted' in o ? o.submitted : o.attemptId !== null))
        .map(([email, o]) => [
          email,
          {
            total: classroom.questions.length,
            correct: [...o.lastGiven.values()].filter((g) => g.right).length,
          },
        ]),
    );
    const notCountedOnce = await submissionsNotCountedOnce(database, classroom.topicId, expected);
    return { verdict, notCountedOnce, stats, faults, browsers: browserOutcomes, wallMs, seedMs };
  } finally {
    await browser?.close();
    await proxy.close();
    await server.stop();
  }
}
