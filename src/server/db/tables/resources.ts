import type { Generated } from 'kysely';

/** A folder of resources; nested by `parent_id` (null: at the top). */
export interface ResourceFoldersTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The schools a folder is for; none: every school. */
export interface ResourceFolderSchoolsTable {
  folder_id: number;
  school_id: number;
}

/** One file in a folder, with the title and description students see. */
export interface ResourcesTable {
  id: Generated<number>;
  folder_id: number;
  file_id: number;
  title: string;
  description: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Which micro topics a resource teaches (the learning pathway links topics to files through it). */
export interface ResourceTopicsTable {
  resource_id: number;
  micro_topic_id: number;
}
