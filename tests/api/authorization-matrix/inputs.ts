import type { z } from 'zod';
import { newId } from '../factories/learning.ts';
import { now } from './table.ts';

// ---------------------------------------------------------------------------------------------------------
// Inputs: the table's, over samples generated from the route's zod schemas.

export interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; value?: number; inclusive?: boolean; minimum?: number } } }>;
}
export const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def; optin?: string } })._zod;

/** A value that satisfies simple schemas (formats, bounds, enums); good enough to reach the handler. */
export function sample(schema: z.ZodType): unknown {
  const { def } = defOf(schema);
  const check = (name: string) => def.checks?.find((c) => c._zod.def.check === name)?._zod.def;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape ?? {})) {
        const field = defOf(v);
        if (field.optin !== 'optional' && !['optional', 'default', 'prefault'].includes(field.def.type))
          out[k] = sample(v);
      }
      return out;
    }
    case 'string': {
      if (def.format === 'email') return `matrix.${newId().slice(0, 8)}@example.test`;
      if (def.format === 'uuid' || def.format === 'guid') return newId();
      if (def.format === 'datetime') return now();
      if (def.format === 'url') return 'https://example.test/';
      return 'matrix-sample'.padEnd(check('min_length')?.minimum ?? 0, 'x');
    }
    case 'number': {
      const gt = check('greater_than');
      return gt ? (gt.value ?? 0) + (gt.inclusive ? 0 : 1) : 1;
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: check('min_length')?.minimum ?? 0 }, () => sample(def.element!));
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return sample(def.options![0]!);
    case 'nullable':
      return null;
    case 'optional':
    case 'default':
    case 'prefault':
      return sample(def.innerType!);
    case 'pipe':
      return sample(def.in!);
    case 'record':
      return {};
    default:
      return undefined;
  }
}

export const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The table's value over the schema's sample, keeping only the keys the schema knows. */
export function fit(schema: z.ZodType | undefined, given: unknown): unknown {
  if (!schema) return given;
  const base = sample(schema);
  if (given === undefined) return base;
  const shape = defOf(schema).def.shape;
  if (!isPlain(given) || !isPlain(base) || !shape) return given;
  return Object.fromEntries(Object.entries({ ...base, ...given }).filter(([k]) => k in shape));
}

export const asQuery = (q: unknown) =>
  isPlain(q)
    ? Object.fromEntries(
        Object.entries(q)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )
    : undefined;
