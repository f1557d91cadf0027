/**
 * Which database we run on. A module of its own, frozen like the migrations that import it: it must never
 * import application code.
 */
export type Dialect = 'sqlite' | 'postgres';
