import type { RouteInfo } from '../../../src/server/plugins/routes.ts';
import { ACCOUNT_ROWS } from './rows-account.ts';
import { ASSESSMENTS_ROWS } from './rows-assessments.ts';
import { CONTENT_ROWS } from './rows-content.ts';
import { FILES_ROWS } from './rows-files.ts';
import { KNOWLEDGE_ROWS } from './rows-knowledge.ts';
import { MESSAGES_ROWS } from './rows-messages.ts';
import { USERS_ROWS } from './rows-users.ts';
import { keyOf, type Row } from './table.ts';

/**
 * The rows, by the test file that runs them. A family runs in authorization-matrix-<family>.test.ts, on a
 * world of its own (one world for all 140 routes took most of a run on one core); `account` runs in
 * authorization-matrix.test.ts together with every declared route that has no row at all (which fails there),
 * so each declared route is run by exactly one file.
 */
export const FAMILIES = {
  account: [ACCOUNT_ROWS],
  users: [USERS_ROWS],
  learning: [KNOWLEDGE_ROWS, FILES_ROWS],
  assessments: [ASSESSMENTS_ROWS],
  content: [CONTENT_ROWS, MESSAGES_ROWS],
} satisfies Record<string, Array<Record<string, Row>>>;
export type Family = keyof typeof FAMILIES;

/** Every row by its route's key. One object literal refused a second row for a key; the modules do here. */
export const MATRIX: Record<string, Row> = {};
for (const rows of Object.values(FAMILIES).flat())
  for (const [key, row] of Object.entries(rows)) {
    if (Object.hasOwn(MATRIX, key)) throw new Error(`the authorization matrix has two rows for ${key}`);
    MATRIX[key] = row;
  }

const inFamily = (family: Family, key: string) => FAMILIES[family].some((rows) => Object.hasOwn(rows, key));

/** The declared routes a family's file runs (for `account`, with every route that has no row). */
export function routesOf(family: Family, declared: RouteInfo[]): RouteInfo[] {
  const others = (Object.keys(FAMILIES) as Family[]).filter((f) => f !== family);
  return declared.filter((r) =>
    family === 'account' ? !others.some((f) => inFamily(f, keyOf(r))) : inFamily(family, keyOf(r)),
  );
}
