import { z } from 'zod';

/** The Office formats accepted as documents (zip packages, told apart by the folders inside). */
export const OFFICE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * What may be uploaded, per kind: the size limit and the types, decided by the file's first bytes (never by its
 * name or the browser's content type). Programs, HTML, SVG and XML are none of these, for every kind.
 */
export const FILE_KINDS = {
  image: {
    label: 'image',
    maxBytes: 5 * 1024 * 1024,
    types: IMAGE_TYPES,
    /** Said when the content is none of `types` (an SVG, a renamed program, a text file). */
    refused: 'The file must be a PNG, JPEG, GIF or WebP image.',
  },
  video: {
    label: 'video',
    maxBytes: 500 * 1024 * 1024,
    types: ['video/mp4', 'video/webm'],
    refused: 'The file must be an MP4 or WebM video.',
  },
  document: {
    label: 'document',
    maxBytes: 50 * 1024 * 1024,
    types: [
      'application/pdf',
      'text/plain',
      ...IMAGE_TYPES,
      OFFICE_TYPES.docx,
      OFFICE_TYPES.xlsx,
      OFFICE_TYPES.pptx,
    ],
    refused:
      'The file must be a PDF, a plain text file, an image (PNG, JPEG, GIF, WebP) or a Word, Excel or PowerPoint file.',
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

/**
 * A signed link (files.signedUrl): what lets a <video>, pdf.js or a cache read a file without a token. It
 * names the session it was made for, and works only while that session is alive.
 */
export const fileReadQuerySchema = z.object({
  expires: z.coerce.number().int().positive().optional(),
  session: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  signature: z
    .string()
    .regex(/^[a-f0-9]{64}$/, 'The signature is malformed.')
    .optional(),
});

export const fileDeleteQuerySchema = z.strictObject({
  /** 1: delete even where it is used (the links go with it). */
  force: z.enum(['0', '1']).optional(),
});

/** One place a file is used: named in the 409 answer to deleting it. */
export const fileLinkSchema = z.object({
  /** 'lecture' | 'video' | 'live-discussion' | 'resource' | 'question' */
  type: z.string(),
  id: z.number(),
  title: z.string(),
});
export type FileLink = z.infer<typeof fileLinkSchema>;
/** The body of the 409 answer: `message` says where, `links` lists each place. */
export const fileInUseSchema = z.object({ message: z.string(), links: z.array(fileLinkSchema) });

/** 5 MB, 650 KB: for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export { FILE_PATHS } from '../api-paths.ts';
