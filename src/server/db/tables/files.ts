import type { Generated } from 'kysely';

/** One upload. The bytes are in the file store under `hash`; several rows may share one hash. */
export interface FilesTable {
  id: Generated<number>;
  /** SHA-256 of the content, hex: the file store's key. */
  hash: string;
  /** What it was uploaded as (contracts/files.ts FILE_KINDS). */
  kind: string;
  /** Decided from the content, never from the name or the uploader's content type. */
  mime: string;
  /** Bytes; bigint in PostgreSQL (videos will pass 2 GB), so it may come back as a string. */
  size: number | string;
  /** The uploader's file name, made safe (no folders, control characters or markup). */
  original_name: string;
  uploaded_by: number | null;
  created_at: string;
}
