import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { createDiskFileStore, type FileStore } from './file-store.ts';

/**
 * The store FILE_STORE names: `DATA_DIR/uploads`, or the S3 bucket (its SDK loaded only then, so a
 * single-machine install does not pay for it at start).
 */
export async function openFileStore(config: Pick<AppConfig, 'dataDir' | 'fileStore'>): Promise<FileStore> {
  if (config.fileStore.kind === 'disk') return createDiskFileStore(join(config.dataDir, 'uploads'));
  const { createS3FileStore } = await import('./s3-file-store.ts');
  return createS3FileStore(config.fileStore);
}
