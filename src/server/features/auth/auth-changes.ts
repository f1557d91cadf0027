/**
 * Hears the changes migration 0006 reports and invalidates the session cache accordingly, in every process
 * sharing the database.
 */
export interface AuthChanges {
  /** Before each cache read: may the cache be used for this request? (SQLite reads its epoch here.) */
  fresh(): boolean;
  /**
   * PostgreSQL hears its own changes through the listener too, a moment after they commit. A request that
   * changed something the cache holds waits for that moment before it is answered: `mark()` when it arrives,
   * `settleSince(mark)` before the reply. No-ops on SQLite, whose check is synchronous.
   */
  mark(): number;
  settleSince(mark: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
