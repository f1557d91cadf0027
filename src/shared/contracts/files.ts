import { z } from 'zod';

/**
 * What may be uploaded, per kind: the size limit and the types, decided by the file's first bytes (never by its
 * name or the browser's content type). Only images for now; videos and documents come with their screens.
 */
export const FILE_KINDS = {
  image: {
    label: 'image',
    maxBytes: 5 * 1024 * 1024,
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    /** Said when the content is none of `types` (an SVG, a renamed program, a text file). */
    refused: 'The file must be a PNG, JPEG, GIF or WebP image.',
  },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const fileKindSchema = z.enum(Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]]);

export const fileUploadQuerySchema = z.strictObject({ kind: fileKindSchema.default('image') });

export const storedFileSchema = z.object({
  id: z.number(),
  /** Where to read it: `/api/files/{id}`. */
  url: z.string(),
  kind: fileKindSchema,
  mime: z.string(),
  size: z.number(),
  name: z.string(),
  created_at: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
export const fileResponseSchema = z.object({ file: storedFileSchema });

/** 5 MB, 650 KB: for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export { FILE_PATHS } from '../api-paths.ts';
