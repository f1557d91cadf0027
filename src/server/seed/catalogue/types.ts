export type QuestionType =
  'single_choice' | 'multiple_choice' | 'true_false' | 'short_answer' | 'matching' | 'ordering';

export interface CatalogueQuestion {
  type: QuestionType;
  /** 1 easy, 2 medium, 3 hard. */
  difficulty: 1 | 2 | 3;
  /** Plain text, no HTML. */
  stem: string;
  /** Plain text: why the right answer is right. */
  explanation: string;
  /** single_choice and multiple_choice: 3–5 options. */
  options?: string[];
  /** Indices into options; single_choice has exactly one, multiple_choice two or more. */
  correct?: number[];
  /** true_false. */
  answer?: boolean;
  /** short_answer: 1–4 short answers, matched case-, space- and punctuation-insensitively. */
  accepted?: string[];
  /** matching: 3–5 [left, right] pairs; lefts distinct, rights distinct. */
  pairs?: Array<[string, string]>;
  /** ordering: 3–6 items in the correct order. */
  order?: string[];
}

export interface CatalogueMicroTopic {
  /** Short unique kebab-case id, used for prerequisite references. */
  key: string;
  name: string;
  description: string;
  /** Keys of micro topics that come earlier in CATALOGUE order. */
  prerequisites: string[];
  questions: CatalogueQuestion[];
}

export interface CatalogueSubTopic {
  name: string;
  microTopics: CatalogueMicroTopic[];
}

export interface CatalogueSubject {
  name: string;
  description: string;
  subTopics: CatalogueSubTopic[];
}
