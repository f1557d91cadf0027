/** A question's rates as the last refit learned them (learning/item-parameters.ts); no row: its type's defaults. */
export interface ItemParametersTable {
  question_id: number;
  slip: number;
  guess: number;
  dont_know_known: number;
  dont_know_unknown: number;
  /** The answers the fit rests on. */
  answers: number;
  fitted_at: string;
}
/** A micro topic's prior as the last refit learned it. */
export interface TopicParametersTable {
  micro_topic_id: number;
  /** Added to the student's log-odds of knowing the topic once its prerequisites are known. */
  offset: number;
  /** P(known | a prerequisite not known). */
  leak: number;
  /** Students with answers on it. */
  students: number;
  fitted_at: string;
}

/** A question's last fitted rates, selected through a left join `item_parameters as ip` (null: none yet). */
export const FITTED_RATES = [
  'ip.slip',
  'ip.guess',
  'ip.dont_know_known',
  'ip.dont_know_unknown',
  'ip.answers',
  'ip.fitted_at',
] as const;
