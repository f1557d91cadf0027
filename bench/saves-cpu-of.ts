// The CPU time (user + system) of a server process and its direct children (a primary and its workers).
import { readdirSync, readFileSync } from 'node:fs';

const TCK = 100; // clock ticks per second (getconf CLK_TCK)
/** µs of CPU used so far by `root` and its children. */
export function cpuOf(root: number): number {
  const pids = [root];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === root) pids.push(Number(d));
    } catch {
      // Gone meanwhile.
    }
  }
  let t = 0;
  for (const p of pids) {
    try {
      const st = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      t += Number(f[11]) + Number(f[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return (t / TCK) * 1e6; // µs
}
