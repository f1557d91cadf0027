import fc from 'fast-check';
import { edgeValue, validish, type JsonSchema } from './values.ts';

/** Breaking a valid-ish value: poison a leaf, replace or drop a part, add an unknown field. */

type Path = Array<string | number>;
function pathsIn(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsIn(v, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsIn(v, [...path, k], out);
  return out;
}

type Mutation =
  | { kind: 'poison'; at: number; pick: number }
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('poison' as const), at: fc.nat(), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: edgeValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('id', 'user_id', 'is_admin', '__proto__', 'a\u0000'),
      ),
      value: edgeValue,
    }),
  },
);

/** A bad value of the same type, so the rest of a valid request still carries it as far as the database. */
function poisoned(value: unknown, pick: number): unknown {
  const choose = <T>(options: T[]): T => options[pick % options.length]!;
  if (typeof value === 'string')
    return choose([
      `${value}\u0000`,
      `\u0000${value}`,
      `${value}\ud800`,
      'x'.repeat(70_000),
      `${value}🙂`,
      ` ${value} `,
    ]);
  if (typeof value === 'number')
    // 2^31 twice: one past PostgreSQL's integer is the edge that matters most.
    return choose([2 ** 31, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -1, 0, 1.5, 1e308, -(2 ** 31) - 1]);
  if (typeof value === 'boolean') return choose([String(value), Number(value)]);
  if (Array.isArray(value))
    return choose([[], Array.from({ length: 600 }, () => value[0] ?? 1), [...value, ...value]]);
  if (value && typeof value === 'object') return choose([{}, Object.values(value)]);
  return choose(['', 0, false]);
}

/** Applies mutations to a copy: poison or replace a value somewhere, drop a field or element, add an unknown one. */
function mutate(value: unknown, mutations: Mutation[]): unknown {
  const box: Record<string, unknown> = { root: structuredClone(value) };
  type Container = Record<string | number, unknown>;
  for (const m of mutations) {
    const all = pathsIn(box.root);
    // Poison lands on a leaf (a string, a number), where a bad value gets furthest.
    const leaves = all.filter((p) => {
      const v = p.reduce<unknown>((o, k) => (o as Container)[k], box.root);
      return v === null || typeof v !== 'object';
    });
    const paths = (m.kind === 'poison' && leaves.length ? leaves : all).map((p): Path => ['root', ...p]);
    const path = paths[m.at % paths.length]!;
    const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Container)[k], box) as Container;
    const key = path.at(-1)!;
    const target = parent[key];
    if (m.kind === 'poison') parent[key] = poisoned(target, m.pick);
    else if (m.kind === 'set') parent[key] = m.value;
    else if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else {
      // An unknown field goes on the object itself, or on the object or array holding this value.
      const host = target && typeof target === 'object' ? (target as Container) : parent;
      if (Array.isArray(host)) host.push(m.value);
      else if (host !== box)
        Object.defineProperty(host, m.key, {
          value: m.value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
    }
  }
  return box.root;
}

/** Cross-field rules a generator cannot know of, so that a valid-ish request is valid more often. */
function consistent(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  for (const v of Object.values(value)) consistent(v);
  const o = value as Record<string, unknown>;
  if (typeof o.password === 'string' && 'password_confirmation' in o) o.password_confirmation = o.password;
  if (Array.isArray(o.options) && Array.isArray(o.correct)) {
    const ids = o.options.map((x) => (x as { id?: unknown }).id);
    o.correct = o.type === 'single_choice' ? ids.slice(0, 1) : ids.slice(0, 2);
  }
  return value;
}

/** A valid-ish value, then one or two mutations of it. */
export const mutated = (schema: JsonSchema) =>
  fc
    .tuple(validish(schema).map(consistent), fc.array(mutation, { minLength: 1, maxLength: 2 }))
    .map(([value, mutations]) => mutate(value, mutations));
