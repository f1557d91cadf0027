import { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { openFileStore } from '../features/files/open-file-store.ts';
import { DEMO_FOLDERS, DEMO_RESOURCES } from './demo-resource-texts.ts';
import { tinyPdf } from './tiny-pdf.ts';

/**
 * The demo's resource folders, for every school, with real early-childhood documents: PDFs made here by a
 * tiny writer (tiny-pdf.ts) and plain text files, put through the file store like uploads and linked to the
 * micro topics they teach. A few milliseconds: the files are a few kilobytes each.
 */
export async function seedDemoResources(ctx: AppContext, adminId: number): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const topics = await db.selectFrom('micro_topics').select(['id', 'name']).execute();
  const topicId = new Map(topics.map((t) => [t.name, t.id]));

  const folderId = new Map<string, number>();
  for (const name of DEMO_FOLDERS) {
    const { id } = await db
      .insertInto('resource_folders')
      .values({ parent_id: null, name, created_by: adminId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    folderId.set(name, id);
  }

  // The bytes go to the store side by side; the rows follow one by one (SQLite writes one at a time anyway).
  const store = await openFileStore(ctx.config);
  const stored = await Promise.all(
    DEMO_RESOURCES.map(async (r) => {
      const bytes = 'pdf' in r.body ? tinyPdf(r.title, r.body.pdf) : Buffer.from(r.body.text, 'utf8');
      const staged = await store.put(Readable.from([bytes]), bytes.length);
      await staged.commit();
      return staged;
    }),
  ).finally(() => store.close());
  for (const [i, r] of DEMO_RESOURCES.entries()) {
    const pdf = 'pdf' in r.body;
    const staged = stored[i]!;
    const file = await db
      .insertInto('files')
      .values({
        hash: staged.key,
        kind: 'document',
        mime: pdf ? 'application/pdf' : 'text/plain',
        size: staged.size,
        original_name: r.file,
        uploaded_by: adminId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const resource = await db
      .insertInto('resources')
      .values({
        folder_id: folderId.get(r.folder)!,
        file_id: file.id,
        title: r.title,
        description: r.description,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = r.microTopics.flatMap((name) => {
      const id = topicId.get(name);
      return id === undefined ? [] : [{ resource_id: resource.id, micro_topic_id: id }];
    });
    if (links.length) await db.insertInto('resource_topics').values(links).execute();
  }
}
