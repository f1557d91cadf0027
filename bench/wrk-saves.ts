// Answer saves by wrk: the load of learning.ts `answerSaveLoad` (every student answering the questions of
// their own attempt, over and over) from a generator that leaves the cores to the server. autocannon is
// JavaScript and needs about as much CPU per request as the server does; on 2 cores it takes the core a
// second worker would use, so a second worker cannot show what it adds.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordFailure } from './failures.ts';
import { anAnswer, type Student } from './learning.ts';

export interface WrkSaves {
  rps: number;
  p99Ms: number;
}

/** The Lua script: request i goes to student i mod n, who answers their questions in turn. */
function saveScript(students: Student[]): string {
  const lua = (s: string) => JSON.stringify(s); // JSON strings of ASCII are valid Lua strings
  const rows = students.map(
    (s) =>
      `{ token = ${lua(`Bearer ${s.token}`)}, paths = { ${s.questions
        .map((q) => lua(`/api/attempts/${s.attemptId}/answers/${q.id}`))
        .join(', ')} }, bodies = { ${s.questions
        .map((q) =>
          lua(JSON.stringify({ answer: anAnswer(q), flagged: false, answered_at: new Date().toISOString() })),
        )
        .join(', ')} } }`,
  );
  return `local students = {\n${rows.join(',\n')}\n}
local n = #students
local i = 0
request = function()
  local s = students[(i % n) + 1]
  local k = (math.floor(i / n) % #s.paths) + 1
  i = i + 1
  return wrk.format("PUT", s.paths[k], { ["Content-Type"] = "application/json", ["Authorization"] = s.token }, s.bodies[k])
end
`;
}

/** Saves per second and the p99 wrk reports, `students.length` connections (null without wrk on PATH). */
export function wrkSaves(base: string, students: Student[], seconds: number): Promise<WrkSaves | null> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-saves-'));
  const script = join(dir, 'saves.lua');
  writeFileSync(script, saveScript(students));
  const args = ['-t1', `-c${students.length}`, `-d${seconds}s`, '--latency', '-s', script, base];
  return new Promise<WrkSaves | null>((resolve, reject) => {
    execFile('wrk', args, (error, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return resolve(null);
      if (error) return reject(error);
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
      if (!rps) return reject(new Error(`wrk printed no Requests/sec:\n${stdout}`));
      const refused = /Non-2xx or 3xx responses:\s*(\d+)/.exec(stdout)?.[1];
      if (refused) recordFailure(`wrk saves ${base}`, `${refused} answers outside 2xx and 3xx`);
      const socketErrors = /Socket errors:([^\n]*)/.exec(stdout)?.[1];
      if (socketErrors) recordFailure(`wrk saves ${base}`, `socket errors:${socketErrors}`);
      resolve({ rps: Number(rps), p99Ms: wrkMs(/99%\s+([\d.]+)(us|ms|s)\b/.exec(stdout)) });
    });
  });
}

function wrkMs(m: RegExpExecArray | null): number {
  if (!m) return NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}
