// Two app hosts behind nginx (deploy/nginx.conf), each on its own address with its own DATA_DIR, sharing one
// PostgreSQL database and one S3 bucket: what one host wrote, the other serves; live events and logouts cross
// over; a host killed mid-class loses no acknowledged answer, and one stopped gracefully drains.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStudents } from '../../bench/learning.ts';
import { PNG } from '../api/factories/file-samples.ts';
import { readEvents } from '../api/factories/live.ts';
import {
  addMachine,
  forward,
  missingPrerequisite,
  removeMachine,
  ROOT,
  startAppHost,
  startNginx,
  stopAppHost,
  type AppHost,
  type Machine,
} from './network.ts';
import { startS3Server, type S3Server } from './s3-server.ts';

const prerequisite = await missingPrerequisite();
// CI has everything this needs: there a missing piece is a failure, not a skip.
const runHere = prerequisite === null || process.env.CI !== undefined;

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_PORT = 8080;
const PASSWORD = 'pathbuilder-demo';

type Json = Record<string, unknown>;

async function call<T = Json>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
}

async function login(base: string, email: string): Promise<string> {
  const res = await call<{ access_token: string }>(base, 'POST', '/api/auth/login', undefined, {
    email,
    password: PASSWORD,
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

describe.skipIf(!runHere)('two hosts behind nginx, one database, one bucket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pathbuilder-hosts-'));
  const database = `pb_hosts_${process.pid}`;
  const machines: Machine[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  let s3: S3Server;
  let a: AppHost;
  let b: AppHost;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let admin: string;
  /** A live discussion open now (made by the live-message test). */
  let liveId: number;
  let envFor: (m: Machine, seed: 'demo' | 'none') => Record<string, string>;

  beforeAll(async () => {
    if (prerequisite) throw new Error(`the two-host test cannot run: ${prerequisite}`);
    const admin_ = new pg.Client({ connectionString: PG_URL });
    await admin_.connect();
    await admin_.query(`drop database if exists ${database}`);
    await admin_.query(`create database ${database}`);
    await admin_.end();
    closers.push(async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    });

    s3 = await startS3Server();
    closers.push(() => s3.stop());
    const pgTarget = new URL(PG_URL);
    const s3Target = new URL(s3.endpoint);
    for (const [i, name] of ['pbh-a', 'pbh-b'].entries()) {
      const m = await addMachine(name, i + 1);
      machines.push(m);
      // Each host sees PostgreSQL and the S3 server at its gateway address.
      const toPg = await forward(m.gateway, 5432, {
        host: pgTarget.hostname,
        port: Number(pgTarget.port || 5432),
      });
      const toS3 = await forward(m.gateway, 9000, { host: s3Target.hostname, port: Number(s3Target.port) });
      closers.push(
        () => toPg.close(),
        () => toS3.close(),
      );
    }
    envFor = (m, seed) => {
      const dataDir = join(dir, `data-${m.name}`);
      mkdirSync(dataDir, { recursive: true });
      return {
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://${pgTarget.username}@${m.gateway}:5432/${database}`,
        FILE_STORE: 's3',
        S3_ENDPOINT: `http://${m.gateway}:9000`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        SEED: seed,
        WORKERS: '1',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: m.gateway,
        REGISTRATIONS_PER_HOUR: '1000',
        STATIC_DIR: join(dir, 'no-client'),
      };
    };
    const [ma, mb] = machines as [Machine, Machine];
    // The first host migrates and seeds; the second starts on what it finds.
    a = await startAppHost(ma, APP_PORT, envFor(ma, 'demo'));
    b = await startAppHost(mb, APP_PORT, envFor(mb, 'none'));
    nginx = await startNginx(join(dir, 'nginx'), 18_000 + (process.pid % 1000), [
      `${ma.address}:${APP_PORT}`,
      `${mb.address}:${APP_PORT}`,
    ]);
    admin = await login(nginx.baseUrl, 'admin@pathbuilder.test');
  }, 240_000);

  afterAll(async () => {
    for (const host of [a, b]) if (host) await stopAppHost(host, 'SIGKILL');
    await nginx?.stop();
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const m of machines) await removeMachine(m.name);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('serves through host B, with Range, a file uploaded through host A', async () => {
    // A real PNG's bytes followed by a payload long enough to take a range from the middle.
    const bytes = Buffer.concat([PNG, Buffer.from('x'.repeat(10_000))]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'chart.png');
    const up = await fetch(`${a.baseUrl}/api/admin/files?kind=image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { file } = (await up.json()) as { file: { id: number; size: number } };
    expect(file.size).toBe(bytes.length);
    // Host B has nothing under its own DATA_DIR: the bytes come from the bucket.
    const ranged = await fetch(`${b.baseUrl}/api/files/${file.id}`, {
      headers: { authorization: `Bearer ${admin}`, range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const whole = await fetch(`${b.baseUrl}/api/files/${file.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
  });

  it('carries a live message posted on host A to a stream held by host B through nginx', async () => {
    const c = new pg.Client({ connectionString: PG_URL.replace(/\/[^/]*$/, `/${database}`) });
    await c.connect();
    const now = Date.now();
    const { rows } = await c.query<{ id: number }>(
      `insert into content_items (kind, title, summary, body_html, published, starts_at, ends_at, meeting_url, created_at, updated_at)
       values ('live-discussion', 'Two hosts, one room', 'Bring questions.', '<p>Bring questions.</p>', 1, $1, $2, null, $3, $3)
       returning id`,
      [
        new Date(now - 60_000).toISOString(),
        new Date(now + 3_600_000).toISOString(),
        new Date(now).toISOString(),
      ],
    );
    await c.end();
    const id = (liveId = rows[0]!.id);
    const student = await login(nginx.baseUrl, 'student@pathbuilder.test');
    const teacher = await login(nginx.baseUrl, 'teacher@pathbuilder.test');
    const { events, streams } = await streamHeldBy(b, id, student);
    try {
      expect(events, 'no stream reached host B').toBeDefined();
      const posted = await call<{ message: { id: number } }>(
        a.baseUrl,
        'POST',
        `/api/live-discussions/${id}/messages`,
        teacher,
        { client_id: 'host-a-message-1', body: 'Posted on host A' },
      );
      expect(posted.status).toBe(201);
      const arrived = await events!.next((e) => e.event === 'message');
      expect(JSON.parse(arrived.data)).toMatchObject({ body: 'Posted on host A' });
    } finally {
      for (const s of streams) s.abort();
    }
  });

  /** nginx takes turns: opens streams through it until one is held by `host`. */
  async function streamHeldBy(host: AppHost, id: number, token: string) {
    const streams: AbortController[] = [];
    let events: ReturnType<typeof readEvents> | undefined;
    for (let i = 0; i < 6 && !events; i++) {
      const abort = new AbortController();
      streams.push(abort);
      const res = await fetch(`${nginx.baseUrl}/api/live-discussions/${id}/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      if (res.headers.get('x-upstream') === `${host.machine.address}:${APP_PORT}`)
        events = readEvents(res.body!);
      else void res.body!.cancel();
    }
    return { events, streams };
  }

  it('refuses on host B, on the very next request, a session logged out on host A', async () => {
    for (let round = 0; round < 5; round++) {
      const token = await login(a.baseUrl, 'teacher@pathbuilder.test');
      // Host B has just vouched for it (its session cache holds it now).
      expect((await call(b.baseUrl, 'GET', '/api/refresh', token)).status).toBe(200);
      expect((await call(a.baseUrl, 'POST', '/api/auth/logout', token)).status).toBeLessThan(300);
      expect((await call(b.baseUrl, 'GET', '/api/refresh', token)).status).toBe(401);
    }
  });

  it('keeps every acknowledged answer of 100 students while host A is killed mid-class', async () => {
    const students = await prepareStudents(nginx.baseUrl, admin, 100);
    const last = new Map<string, unknown>();
    const times: Array<{ student: string; sentAt: number; ms: number }> = [];
    let tries = 0;
    let stop = false;
    const killAt = performance.now() + 4_000;
    // Each student: answer, wait for the acknowledgement (retrying as the outbox does), answer the next.
    const answering = students.map(async (s, n) => {
      for (let v = 0; !stop; v++) {
        const q = s.questions[(v + n) % s.questions.length]!;
        const body = JSON.stringify({
          answer: variant(q, v),
          flagged: false,
          answered_at: new Date().toISOString(),
        });
        const sentAt = performance.now();
        for (let attempt = 0; ; attempt++) {
          tries++;
          const ok = await fetch(`${nginx.baseUrl}/api/attempts/${s.attemptId}/answers/${q.id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
            body,
            signal: AbortSignal.timeout(10_000),
          }).then(
            async (r) => (await r.arrayBuffer(), r.ok),
            () => false,
          );
          if (ok) break;
          if (attempt > 20) throw new Error('an answer was never acknowledged');
          await new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** attempt)));
        }
        times.push({ student: s.attemptId, sentAt, ms: performance.now() - sentAt });
        last.set(`${s.attemptId}:${q.id}`, JSON.parse(body).answer);
        await new Promise((r) => setTimeout(r, 100 + ((n * 37 + v * 11) % 200)));
      }
    });
    await new Promise((r) => setTimeout(r, killAt - performance.now()));
    await stopAppHost(a, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 6_000));
    stop = true;
    await Promise.all(answering);

    // Every question's stored answer is the last one acknowledged (read through host B, the one left).
    let checked = 0;
    for (const s of students) {
      const attempt = await call<{ answers: Array<{ question_id: number; answer: unknown }> }>(
        b.baseUrl,
        'GET',
        `/api/attempts/${s.attemptId}`,
        s.token,
      );
      expect(attempt.status).toBe(200);
      const stored = new Map(attempt.body.answers.map((x) => [x.question_id, x.answer]));
      for (const q of s.questions) {
        const want = last.get(`${s.attemptId}:${q.id}`);
        if (want === undefined) continue;
        expect(stored.get(q.id), `student attempt ${s.attemptId} question ${q.id}`).toEqual(want);
        checked++;
      }
    }
    const during = times
      .filter((t) => t.sentAt >= killAt - 1_000 && t.sentAt <= killAt + 5_000)
      .map((t) => t.ms);
    const all = times.map((t) => t.ms);
    const report = {
      students: students.length,
      acknowledged: times.length,
      tries,
      checked,
      p50_ms: percentile(all, 50),
      p99_ms: percentile(all, 99),
      failover_p99_ms: percentile(during, 99),
      failover_max_ms: Math.max(...during),
    };
    writeReport('failover', report);
    console.log('failover:', JSON.stringify(report));
    // Every student was heard before the kill and after it (through host B).
    for (const s of students) {
      const mine = times.filter((t) => t.student === s.attemptId);
      expect(mine.some((t) => t.sentAt < killAt)).toBe(true);
      expect(mine.some((t) => t.sentAt > killAt + 1_000)).toBe(true);
    }
    expect(checked).toBeGreaterThan(students.length * 2);
  }, 180_000);

  it('drains host B on SIGTERM: its requests finish, its streams are told to reconnect, and nginx moves on', async () => {
    // Host A back (without its seed), so there is somewhere to move to.
    if (a.process.exitCode !== null || a.process.signalCode !== null)
      a = await startAppHost(a.machine, APP_PORT, envFor(a.machine, 'none'));
    // As in a rolling restart: B is stopped only once nginx sends to A again (a host that failed is left
    // alone for fail_timeout after its last failure, and with both left alone nginx has nowhere to go).
    const backInRotation = performance.now() + 20_000;
    for (;;) {
      const r = await fetch(`${nginx.baseUrl}/api/health`);
      await r.arrayBuffer();
      if (r.headers.get('x-upstream') === `${a.machine.address}:${APP_PORT}`) break;
      if (performance.now() > backInRotation) throw new Error('nginx never sent to host A again');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const student = await login(b.baseUrl, 'student@pathbuilder.test');
    // Before the load starts: its requests would take B's turns in nginx's round robin.
    const held = await streamHeldBy(b, liveId, student);
    const results: Array<{ status: number; at: number }> = [];
    let stop = false;
    const load = (async () => {
      while (!stop) {
        const r = await fetch(`${nginx.baseUrl}/api/refresh`, {
          headers: { authorization: `Bearer ${student}` },
        });
        await r.arrayBuffer();
        results.push({ status: r.status, at: performance.now() });
      }
    })();
    await new Promise((r) => setTimeout(r, 500));
    const stopping = performance.now();
    const exit = await stopAppHost(b, 'SIGTERM');
    const stopped = performance.now();
    await new Promise((r) => setTimeout(r, 1_000));
    stop = true;
    await load;
    expect(exit).toBe(0);
    // The stream B held was told to reconnect (the app then opens it again, through nginx, on host A).
    expect(held.events, 'no stream reached host B').toBeDefined();
    const hint = await held.events!.next((e) => e.event === 'reconnect');
    expect(JSON.parse(hint.data)).toMatchObject({ retry_ms: expect.any(Number) });
    for (const s of held.streams) s.abort();
    expect(
      results.filter((r) => r.status !== 200).map((r) => r.status),
      nginx.errors().slice(-3000),
    ).toEqual([]);
    // Requests went on while it drained and after it was gone: all answered, by host A.
    expect(results.filter((r) => r.at < stopping).length).toBeGreaterThan(0);
    expect(results.filter((r) => r.at > stopped).length).toBeGreaterThan(0);
  }, 120_000);
});

/** A different answer for each `v`, of the question's own type. */
function variant(
  q: Awaited<ReturnType<typeof prepareStudents>>[number]['questions'][number],
  v: number,
): unknown {
  const rotate = <T>(list: T[]) => list.map((_, i) => list[(i + v) % list.length]!);
  switch (q.type) {
    case 'single_choice':
      return { type: q.type, choice: q.options[v % q.options.length]!.id };
    case 'multiple_choice':
      return { type: q.type, choices: [q.options[v % q.options.length]!.id] };
    case 'true_false':
      return { type: q.type, value: v % 2 === 0 };
    case 'short_answer':
      return { type: q.type, text: `answer ${v}` };
    case 'matching':
      return {
        type: q.type,
        pairs: Object.fromEntries(q.left.map((l, i) => [l.id, rotate(q.right)[i]!.id])),
      };
    default:
      return { type: q.type, order: rotate(q.options).map((o) => o.id) };
  }
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

function writeReport(name: string, value: object): void {
  const out = join(ROOT, '.tmp/reports');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${name}.json`), JSON.stringify(value, null, 2));
}
