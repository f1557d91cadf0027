import { z } from 'zod';

/** Laravel-shaped validation failure (DESIGN.md section 3): HTTP 422. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;
export type FieldErrors = ValidationError['errors'];

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

/** A row id: PostgreSQL's integer is 32-bit, and a larger number must be a 422, not a failed query. */
export const idSchema = z.number().int().positive().max(2_147_483_647);
/** The same, from a path or query string. */
export const idTextSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const idParamSchema = z.object({ id: idTextSchema });

/**
 * Strings that may carry NUL bytes past the request check (which refuses them everywhere else, since
 * PostgreSQL cannot store them): the service looks at them itself, like a CSV file that rejects such rows one
 * by one.
 */
export const mayHoldNul = z.registry<{ why: string }>();

export const listQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(50).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listMetaSchema = z.object({ total: z.number(), page: z.number(), per_page: z.number() });
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

/** A CSV file sent for import (questions, users), as text. */
export const csvImportBodySchema = z.strictObject({
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(900_000)
    .register(mayHoldNul, { why: 'one bad row is rejected on its own; the good rows are imported' }),
});
/** What an import did: how many rows were created, and and each rejected row with its reasons. */
export const csvImportResponseSchema = z.object({
  created: z.number(),
  rejected: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
});
