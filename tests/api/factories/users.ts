import type { BuiltApp } from '../../../src/server/app.ts';

let n = 0;

/** Inserts a user straight into the database; every field can be overridden. */
export async function createUser(
  app: BuiltApp,
  overrides: Partial<{
    email: string;
    full_name: string;
    password: string;
    is_admin: number;
    is_teacher: number;
    taken_diagnostics: number;
    school_id: number | null;
    location_id: number | null;
    is_active: number;
    verified: boolean;
  }> = {},
): Promise<{ id: number; email: string; password: string }> {
  n++;
  const now = new Date().toISOString();
  const password = overrides.password ?? 'correct-horse-battery';
  const email = overrides.email ?? `user${n}.${Date.now()}@example.test`;
  const row = await app.ctx.db
    .insertInto('users')
    .values({
      email,
      full_name: overrides.full_name ?? `Test User ${n}`,
      password_hash: await app.ctx.hasher.hash(password),
      is_admin: overrides.is_admin ?? 0,
      is_teacher: overrides.is_teacher ?? 0,
      taken_diagnostics: overrides.taken_diagnostics ?? 0,
      school_id: overrides.school_id ?? null,
      location_id: overrides.location_id ?? null,
      email_verified_at: overrides.verified === false ? null : now,
      is_active: overrides.is_active ?? 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}
