import { sanitizeRichText } from '../../shared/rich-text.ts';
import type { AppContext } from '../context.ts';
import { DEMO_LECTURES } from './demo-lecture-texts.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A lecture's blocks as rich text: headings become bold paragraphs (the sanitiser's allow-list has no
 * heading tags), consecutive '- ' items one list.
 */
export function lectureHtml(blocks: string[]): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(`<ul>${list.map((i) => `<li>${escape(i)}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const block of blocks) {
    if (block.startsWith('- ')) {
      list.push(block.slice(2));
      continue;
    }
    flush();
    out.push(block.startsWith('## ') ? `<h2>${escape(block.slice(3))}</h2>` : `<p>${escape(block)}</p>`);
  }
  flush();
  return sanitizeRichText(out.join(''));
}

/**
 * The demo lectures: one for every sub topic of the catalogue, linked to all of its micro topics, published for
 * every school. A handful of inserts, so the seed stays fast.
 */
export async function seedDemoLectures(ctx: AppContext, adminId: number): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const topics = await db
    .selectFrom('micro_topics as m')
    .innerJoin('sub_topics as st', 'st.id', 'm.sub_topic_id')
    .select(['m.id', 'st.name as sub_topic'])
    .execute();
  for (const lecture of DEMO_LECTURES) {
    const microTopicIds = topics.filter((t) => t.sub_topic === lecture.subTopic).map((t) => t.id);
    // A catalogue without this sub topic (renamed since): no lecture pointing at nothing.
    if (microTopicIds.length === 0) continue;
    const item = await db
      .insertInto('content_items')
      .values({
        kind: 'lecture',
        title: lecture.title,
        summary: lecture.summary,
        body_html: lectureHtml(lecture.blocks),
        published: 1,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('content_topics')
      .values(microTopicIds.map((micro_topic_id) => ({ content_id: item.id, micro_topic_id })))
      .execute();
  }
}
