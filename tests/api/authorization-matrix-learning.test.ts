import { describeFamily } from './authorization-matrix/family.ts';

/**
 * The authorization matrix's rows for the knowledge graph, the question bank, uploaded files and resources
 * (authorization-matrix/rows-knowledge.ts and rows-files.ts), on a world of their own. That every route has a row, and
 * how to read one: authorization-matrix.test.ts and authorization-matrix/table.ts.
 */
describeFamily('learning');
