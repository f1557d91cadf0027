/**
 * Topics in an order where every prerequisite comes before what needs it, otherwise keeping the catalogue's
 * order (Kahn's algorithm, always taking the earliest available topic). The graph is a DAG (cycles are refused
 * when edges are saved); anything left over by a cycle is appended as is.
 */
export function graphOrder(ids: number[], prerequisites: ReadonlyMap<number, number[]>): number[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  const waiting = new Map(
    ids.map((id) => [id, (prerequisites.get(id) ?? []).filter((p) => rank.has(p)).length]),
  );
  const dependents = new Map<number, number[]>();
  for (const [id, pres] of prerequisites)
    for (const p of pres) (dependents.get(p) ?? dependents.set(p, []).get(p)!).push(id);
  const available = ids.filter((id) => waiting.get(id) === 0);
  const out: number[] = [];
  while (available.length) {
    available.sort((a, b) => rank.get(a)! - rank.get(b)!);
    const id = available.shift()!;
    out.push(id);
    for (const d of dependents.get(id) ?? []) {
      const left = (waiting.get(d) ?? 0) - 1;
      waiting.set(d, left);
      if (left === 0) available.push(d);
    }
  }
  if (out.length < ids.length) out.push(...ids.filter((id) => !out.includes(id)));
  return out;
}
