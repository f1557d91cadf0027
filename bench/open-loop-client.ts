// The open loop's generator in a process of its own (see bench/open-loop.ts):
//   node bench/open-loop-client.ts BASE STUDENTS.json RATE SECONDS
// prints the run (OpenLoopRun) as JSON on stdout.
import { readFileSync } from 'node:fs';
import type { Student } from './learning.ts';
import { runOpenLoop } from './open-loop.ts';

const [base, file, rate, seconds] = process.argv.slice(2);
if (!base || !file || !rate || !seconds)
  throw new Error('usage: node bench/open-loop-client.ts BASE STUDENTS.json RATE SECONDS');
const students = JSON.parse(readFileSync(file, 'utf8')) as Student[];
const run = await runOpenLoop(base, students, { rate: Number(rate), seconds: Number(seconds) });
process.stdout.write(JSON.stringify(run));
