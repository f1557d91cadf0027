/**
 * Where P(mastered) turns into a level, for the diagnostic's verdicts and the mastery model alike (which
 * re-exports them): at or above MASTERED, mastered; at or below NOT_MASTERED, not mastered; between, not sure.
 */

/** At or above: mastered. A topic stored as mastered whose decayed estimate falls below is due for a re-check. */
export const MASTERED = 0.8;
/** At or below: not mastered. Between the two: not sure yet. */
export const NOT_MASTERED = 0.4;
