import { describeFamily } from './authorization-matrix/family.ts';

/**
 * The authorization matrix's rows for users, schools, requests to join a school and locations (authorization-matrix/rows-users.ts), on a world of their own. That every route has a row, and
 * how to read one: authorization-matrix.test.ts and authorization-matrix/table.ts.
 */
describeFamily('users');
