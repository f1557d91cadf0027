import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The latest close date any override of the assessment gives (a column of a query on `assessments`): the
 * review under "after close" and the keys it holds wait for it (release.ts).
 */
export const latestOverrideClose = (eb: ExpressionBuilder<Database, 'assessments'>) =>
  eb
    .selectFrom('assessment_overrides')
    .select((e) => e.fn.max('assessment_overrides.closes_at').as('c'))
    .whereRef('assessment_overrides.assessment_id', '=', 'assessments.id')
    .as('override_closes_at');
