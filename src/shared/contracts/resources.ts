import { z } from 'zod';
import { idSchema, idTextSchema } from './common.ts';
import { fileLinkSchema } from './files.ts';
import { visibleText } from './visible-text.ts';

export const RESOURCE_LIMITS = { folderName: 120, title: 200, description: 2000, topics: 50 } as const;

/** The kinds of upload a resource may be (contracts/files.ts FILE_KINDS). */
export const RESOURCE_FILE_KINDS = ['document', 'video', 'image'] as const;

/** Plain text: stored as typed and shown as text (React escapes it); only the ends are trimmed. */
const folderName = visibleText('Give the folder a name.').max(
  RESOURCE_LIMITS.folderName,
  `Keep the name under ${RESOURCE_LIMITS.folderName} characters.`,
);

export const folderBodySchema = z.strictObject({
  name: folderName,
  /** The folder it sits in; null at the top. */
  parent_id: idSchema.nullable().default(null),
  /** Who sees it: none means every school (a teacher must name at least one of their own). */
  school_ids: z.array(idSchema).max(200).default([]),
});
export type FolderBody = z.input<typeof folderBodySchema>;

export const resourceFolderSchema = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  school_ids: z.array(z.number()),
  /** Files directly in it. */
  file_count: z.number(),
  /** The caller may rename, move or delete it and add files to it. */
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type ResourceFolder = z.infer<typeof resourceFolderSchema>;
export const foldersResponseSchema = z.object({ folders: z.array(resourceFolderSchema) });
export const folderResponseSchema = z.object({ folder: resourceFolderSchema });

const title = visibleText('Give the file a title.').max(
  RESOURCE_LIMITS.title,
  `Keep the title under ${RESOURCE_LIMITS.title} characters.`,
);
const description = z
  .string()
  .trim()
  .max(RESOURCE_LIMITS.description, `Keep the description under ${RESOURCE_LIMITS.description} characters.`)
  .default('');
const topicIds = z.array(idSchema).max(RESOURCE_LIMITS.topics).default([]);

/** Adds an uploaded file (POST /admin/files?kind=document|video|image first) to a folder. */
export const createResourceBodySchema = z.strictObject({
  folder_id: idSchema,
  file_id: idSchema,
  title,
  description,
  micro_topic_ids: topicIds,
});
export type CreateResourceBody = z.input<typeof createResourceBodySchema>;

export const updateResourceBodySchema = z.strictObject({
  folder_id: idSchema,
  title,
  description,
  micro_topic_ids: topicIds,
});
export type UpdateResourceBody = z.input<typeof updateResourceBodySchema>;

export const resourceTopicSchema = z.object({ id: z.number(), name: z.string() });

export const resourceSchema = z.object({
  id: z.number(),
  folder_id: z.number(),
  folder_name: z.string(),
  title: z.string(),
  description: z.string(),
  file: z.object({
    id: z.number(),
    name: z.string(),
    mime: z.string(),
    size: z.number(),
    kind: z.string(),
    /** A signed link (works without a token until it expires: for pdf.js, <video>, downloads, offline). */
    url: z.string(),
  }),
  topics: z.array(resourceTopicSchema),
  can_edit: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourcesQuerySchema = z.strictObject({
  folder: idTextSchema.optional(),
  /** Matches titles, descriptions and file names, ignoring case. */
  search: z.string().trim().max(200).optional(),
});
export type ResourcesQuery = z.infer<typeof resourcesQuerySchema>;

export const resourcesResponseSchema = z.object({
  /** The folder asked for (null for a search over every folder). */
  folder: resourceFolderSchema.nullable(),
  data: z.array(resourceSchema),
});
export type ResourcesResponse = z.infer<typeof resourcesResponseSchema>;
export const resourceResponseSchema = z.object({ resource: resourceSchema });

export const resourceDeleteQuerySchema = z.strictObject({ force: z.enum(['0', '1']).optional() });
/** 409 on delete: the file is used elsewhere too (a lecture, a question); `?force=1` deletes it there as well. */
export const resourceInUseSchema = z.object({ message: z.string(), links: z.array(fileLinkSchema) });

export { RESOURCE_PATHS } from '../api-paths.ts';
