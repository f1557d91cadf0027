import type { Generated } from 'kysely';

export interface SubjectsTable {
  id: Generated<number>;
  name: string;
  description: string;
  position: number;
}
export interface SubTopicsTable {
  id: Generated<number>;
  subject_id: number;
  name: string;
  position: number;
}
export interface MicroTopicsTable {
  id: Generated<number>;
  sub_topic_id: number;
  name: string;
  description: string;
  position: number;
}
/** Edges of the prerequisite DAG: prerequisite_id must be mastered before micro_topic_id. */
export interface MicroTopicPrerequisitesTable {
  micro_topic_id: number;
  prerequisite_id: number;
}
export interface ProficiencyTable {
  user_id: number;
  micro_topic_id: number;
  correct: number;
  total: number;
  updated_at: string;
}
