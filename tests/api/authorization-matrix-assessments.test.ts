import { describeFamily } from './authorization-matrix/family.ts';

/**
 * The authorization matrix's rows for assessments, taking them, results and reports (authorization-matrix/rows-assessments.ts), on a world of their own. That every route has a row, and
 * how to read one: authorization-matrix.test.ts and authorization-matrix/table.ts.
 */
describeFamily('assessments');
