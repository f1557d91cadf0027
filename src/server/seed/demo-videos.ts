import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../context.ts';
import { openFileStore } from '../features/files/open-file-store.ts';
import { DEMO_CLIPS } from './demo-clips.ts';

const MEDIA = join(import.meta.dirname, 'media');

/**
 * The demo videos: the short clips in media/ (made by scripts/make-demo-clips.ts), put through the file store
 * like an upload and published for every school, each linked to the micro topic it teaches.
 */
export async function seedDemoVideos(ctx: AppContext, adminId: number): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const topics = await db.selectFrom('micro_topics').select(['id', 'name']).execute();
  const topicId = new Map(topics.map((t) => [t.name, t.id]));

  // The bytes first, then the rows: the store (a bucket's connections) is let go before the rows are written.
  const store = await openFileStore(ctx.config);
  const stored = [];
  try {
    for (const clip of DEMO_CLIPS) {
      const staged = await store.put(createReadStream(join(MEDIA, `${clip.file}.webm`)), 50 * 1024 * 1024);
      await staged.commit();
      stored.push(staged);
    }
  } finally {
    await store.close();
  }
  for (const [i, clip] of DEMO_CLIPS.entries()) {
    const staged = stored[i]!;
    const file = await db
      .insertInto('files')
      .values({
        hash: staged.key,
        kind: 'video',
        mime: 'video/webm',
        size: staged.size,
        original_name: `${clip.file}.webm`,
        uploaded_by: adminId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seconds = clip.slides.reduce((sum, slide) => sum + slide.seconds, 0);
    const item = await db
      .insertInto('content_items')
      .values({
        kind: 'video',
        title: clip.title,
        summary: clip.summary,
        body_html: `<p>${clip.summary}</p>`,
        published: 1,
        video_file_id: file.id,
        duration_seconds: seconds,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = clip.microTopics.flatMap((name) => {
      const id = topicId.get(name);
      return id === undefined ? [] : [{ content_id: item.id, micro_topic_id: id }];
    });
    if (links.length) await db.insertInto('content_topics').values(links).execute();
  }
}
