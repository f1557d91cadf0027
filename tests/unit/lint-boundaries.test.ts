// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 23: the server's layers are kept by eslint.config.js, not by goodwill. Each rule is shown refusing a
 * planted import and letting the allowed form through, with the repository's own config.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server layer boundaries', () => {
  // Loading the config and its plugins takes a few seconds on a busy machine; once, before the cases.
  beforeAll(() => eslint.calculateConfigForFile('src/server/db/planted.ts'), 60_000);

  it.each([
    {
      rule: 'db imports no feature',
      filePath: 'src/server/db/planted.ts',
      refused: `import { createUsersRepository } from '../features/users/users.repository.ts';`,
      allowed: `import type { Db } from './schema.ts';`,
    },
    {
      rule: 'db imports no seed, even from a subfolder',
      filePath: 'src/server/db/tables/planted.ts',
      refused: `import { seedDemo } from '../../seed/demo.ts';`,
      allowed: `import type { UsersTable } from './users.ts';`,
    },
    {
      rule: 'a migration imports no application code',
      filePath: 'src/server/db/migrations/9999-planted.ts',
      refused: `import { buildApp } from '../../app.ts';`,
      allowed: `import { sql } from 'kysely';\nimport type { Dialect } from '../dialect.ts';`,
    },
    {
      rule: "a feature takes another feature's repository only through its service",
      filePath: 'src/server/features/files/planted.ts',
      refused: `import { createUsersRepository } from '../users/users.repository.ts';`,
      allowed: `import { roleOf } from '../users/users.service.ts';`,
    },
    {
      rule: 'a feature imports nothing above the features',
      filePath: 'src/server/features/files/planted.ts',
      refused: `import { seedDemo } from '../../seed/demo.ts';`,
      allowed: `import type { AppContext } from '../../context.ts';\nimport type { Db } from '../../db/database.ts';`,
    },
    {
      rule: 'plugins import no feature',
      filePath: 'src/server/plugins/planted.ts',
      refused: `import { roleOf } from '../features/users/users.service.ts';`,
      allowed: `import { roleOf } from './roles.ts';\nimport type { Db } from '../db/database.ts';`,
    },
    {
      rule: 'the context imports no feature',
      filePath: 'src/server/context.ts',
      refused: `import type { PasswordHasher } from './features/auth/passwords.ts';`,
      allowed: `import type { AppConfig } from './config.ts';`,
    },
  ])('$rule', async ({ filePath, refused, allowed }) => {
    expect(await restrictedImports(filePath, refused)).toHaveLength(1);
    expect(await restrictedImports(filePath, allowed)).toEqual([]);
  });
});
