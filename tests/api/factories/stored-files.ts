import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under a folder, recursively (empty folders do not count). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
