import { describeFamily } from './authorization-matrix/family.ts';

/**
 * The authorization matrix's rows for lectures, videos, live discussions, support tickets and announcements
 * (authorization-matrix/rows-content.ts and rows-messages.ts), on a world of their own. That every route has a row, and
 * how to read one: authorization-matrix.test.ts and authorization-matrix/table.ts.
 */
describeFamily('content');
