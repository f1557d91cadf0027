import type { Readable } from 'node:stream';
import type { FieldErrors, ListQuery } from '../../../shared/contracts/common.ts';
import type { ContentInput, ContentItem, ContentKind } from '../../../shared/contracts/content.ts';
import { sanitizeRichText } from '../../../shared/rich-text.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { fileIdsIn, type FilesService } from '../files/files.service.ts';
import { roleOf } from '../users/users.service.ts';
import { createContentReading } from './content-reading.ts';
import { toItems, type SignFor } from './content-views.ts';
import { createContentRepository, type ContentRow, type Reach } from './content.repository.ts';
import { mediaDuration } from './media-duration.ts';

type Editor = 'admin' | { own: number[]; userId: number };

/** An https address (YouTube and Vimeo links among them); anything else is a field error. */
function httpsError(value: string | null): string | null {
  if (value === null || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') ? null : 'Give an https:// link.';
  } catch {
    return 'Give an https:// link.';
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Lectures, videos and live discussions in the back office (one API by kind), and what students read and
 * watch (content-reading.ts). Admins manage every kind; teachers manage videos and live discussions aimed
 * only at their own schools (and edit those, or the ones they made); only admins manage lectures.
 */
export function createContentService(
  ctx: AppContext,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    files: Pick<FilesService, 'find' | 'open'>;
    signedUrl: SignFor;
    /** Field errors for file ids the caller may not use (files feature). */
    refusedFiles: (actor: Authed, fields: Record<string, number[]>) => Promise<FieldErrors>;
    /** A quiz the student can start on these micro topics (learning feature), for a lecture's end. */
    topicQuiz?: (
      user: { id: number; school_id: number | null },
      microTopicIds: number[],
    ) => Promise<{ id: number; title: string } | null>;
  },
) {
  const repo = createContentRepository(ctx.db);
  const iso = () => ctx.now().toISOString();

  async function editorOf(actor: Authed): Promise<Editor> {
    return roleOf(actor.user) === 'admin'
      ? 'admin'
      : { own: await deps.teacherSchoolIds(actor.user.id), userId: actor.user.id };
  }
  const reachOf = (editor: Editor): Reach =>
    editor === 'admin' ? { all: true } : { schoolIds: editor.own, userId: editor.userId };
  const canEdit = (editor: Editor) => (row: ContentRow, schoolIds: number[]) =>
    editor === 'admin' ||
    row.created_by === editor.userId ||
    (schoolIds.length > 0 && schoolIds.every((s) => editor.own.includes(s)));

  async function managerOf(actor: Authed, kind: ContentKind): Promise<Editor> {
    if (kind === 'lecture' && roleOf(actor.user) !== 'admin') throw forbidden('Only admins manage lectures.');
    return editorOf(actor);
  }

  /** The item as the caller may see it in the back office; another school's is a 404, as if it did not exist. */
  async function visible(actor: Authed, kind: ContentKind, id: number) {
    const editor = await managerOf(actor, kind);
    const row = await repo.find(id);
    const [item] =
      row && row.kind === kind
        ? await toItems(repo, [row], (f) => deps.signedUrl(f, actor), canEdit(editor))
        : [];
    if (!row || !item) throw notFound(`That ${kind.replace('-', ' ')} does not exist.`);
    if (
      editor !== 'admin' &&
      !item.can_edit &&
      item.school_ids.length > 0 &&
      !item.school_ids.some((s) => editor.own.includes(s))
    )
      throw notFound(`That ${kind.replace('-', ' ')} does not exist.`);
    return { editor, row, item };
  }

  /** What the contract cannot know: do the schools, topics and files exist and fit, per kind. */
  async function validate(
    actor: Authed,
    editor: Editor,
    kind: ContentKind,
    body: ContentInput,
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const schoolIds = [...new Set(body.school_ids)];
    if ((await repo.existingSchoolIds(schoolIds)).length !== schoolIds.length)
      add('school_ids', 'One of the chosen schools does not exist.');
    if (editor !== 'admin' && schoolIds.length === 0) add('school_ids', 'Choose the schools this is for.');
    const topicIds = [...new Set(body.micro_topic_ids)];
    if ((await repo.existingMicroTopicIds(topicIds)).length !== topicIds.length)
      add('micro_topic_ids', 'One of the chosen micro topics does not exist.');
    const files = new Map(
      (
        await repo.files([
          ...body.attachment_file_ids,
          ...(body.video_file_id ? [body.video_file_id] : []),
          ...(body.poster_file_id ? [body.poster_file_id] : []),
        ])
      ).map((f) => [f.id, f]),
    );
    if (body.attachment_file_ids.some((f) => !files.has(f)))
      add('attachment_file_ids', 'One of the attached files does not exist.');
    if (kind === 'video') {
      const sources = (body.video_file_id ? 1 : 0) + (body.external_url ? 1 : 0);
      if (sources !== 1) add('video_file_id', 'Upload a video file or give a link to one (not both).');
      if (body.video_file_id && files.get(body.video_file_id)?.kind !== 'video')
        add('video_file_id', 'That video file does not exist.');
      const bad = httpsError(body.external_url);
      if (bad) add('external_url', bad);
      if (body.poster_file_id && files.get(body.poster_file_id)?.kind !== 'image')
        add('poster_file_id', 'The poster must be an uploaded image.');
    }
    if (kind === 'live-discussion') {
      if (!body.starts_at) add('starts_at', 'Give the start date and time.');
      if (!body.ends_at) add('ends_at', 'Give the end date and time.');
      if (body.starts_at && body.ends_at && Date.parse(body.ends_at) <= Date.parse(body.starts_at))
        add('ends_at', 'The session must end after it starts.');
      const bad = httpsError(body.meeting_url);
      if (bad) add('meeting_url', bad);
    }
    // A file must be the caller's own upload or one they may already see: an id is not a key to another's.
    const refused = await deps.refusedFiles(actor, {
      attachment_file_ids: body.attachment_file_ids,
      video_file_id: kind === 'video' && body.video_file_id ? [body.video_file_id] : [],
      poster_file_id: kind === 'video' && body.poster_file_id ? [body.poster_file_id] : [],
      body_html: fileIdsIn(sanitizeRichText(body.body_html)),
    });
    for (const [field, messages] of Object.entries(refused)) errors[field] ??= messages;
    if (Object.keys(errors).length) throw unprocessable(errors);
    if (editor !== 'admin' && !schoolIds.every((s) => editor.own.includes(s)))
      throw forbidden('Teachers aim content only at their own schools.');
  }

  /** A video file's length from its bytes; else the browser's reading; else what was known before. */
  async function durationOf(body: ContentInput, before: ContentRow | null): Promise<number | null> {
    if (body.video_file_id) {
      const file = await deps.files.find(body.video_file_id);
      const read = async (start: number, length: number) => {
        const end = Math.min(start + length, file.size) - 1;
        if (end < start) return Buffer.alloc(0);
        return readAll((await deps.files.open(file, { start, end })).stream);
      };
      const read_ = await mediaDuration(file.mime, file.size, read);
      if (read_) return Math.round(read_ * 1000) / 1000;
    }
    return (
      body.duration_seconds ??
      (before?.video_file_id === body.video_file_id ? (before?.duration_seconds ?? null) : null)
    );
  }

  async function store(actor: Authed, kind: ContentKind, body: ContentInput, before: ContentRow | null) {
    const now = iso();
    const isVideo = kind === 'video';
    const isLive = kind === 'live-discussion';
    const id = await repo.save(
      before?.id ?? null,
      {
        kind,
        title: body.title,
        summary: body.summary,
        body_html: sanitizeRichText(body.body_html),
        published: body.published ? 1 : 0,
        video_file_id: isVideo ? body.video_file_id : null,
        external_url: isVideo ? body.external_url || null : null,
        poster_file_id: isVideo ? body.poster_file_id : null,
        duration_seconds: isVideo ? await durationOf(body, before) : null,
        starts_at: isLive && body.starts_at ? new Date(body.starts_at).toISOString() : null,
        ends_at: isLive && body.ends_at ? new Date(body.ends_at).toISOString() : null,
        meeting_url: isLive ? body.meeting_url || null : null,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      },
      {
        schoolIds: [...new Set(body.school_ids)],
        microTopicIds: [...new Set(body.micro_topic_ids)],
        attachmentIds: [...new Set(body.attachment_file_ids)],
      },
    );
    return id;
  }

  const reading = createContentReading(ctx, repo, deps);

  return {
    ...reading,

    async list(actor: Authed, kind: ContentKind, query: ListQuery) {
      const editor = await managerOf(actor, kind);
      const { rows, total } = await repo.page(kind, reachOf(editor), {
        search: query.search,
        sort: query.sort,
        page: query.page,
        perPage: query.per_page,
      });
      return {
        data: await toItems(repo, rows, (f) => deps.signedUrl(f, actor), canEdit(editor)),
        meta: { total, page: query.page, per_page: query.per_page },
      };
    },

    async get(actor: Authed, kind: ContentKind, id: number): Promise<ContentItem> {
      return (await visible(actor, kind, id)).item;
    },

    async create(actor: Authed, kind: ContentKind, body: ContentInput): Promise<ContentItem> {
      const editor = await managerOf(actor, kind);
      await validate(actor, editor, kind, body);
      return this.get(actor, kind, await store(actor, kind, body, null));
    },

    async update(actor: Authed, kind: ContentKind, id: number, body: ContentInput): Promise<ContentItem> {
      const { editor, row, item } = await visible(actor, kind, id);
      if (!item.can_edit) throw forbidden('You may change only content aimed at your own schools.');
      await validate(actor, editor, kind, body);
      await store(actor, kind, body, row);
      return this.get(actor, kind, id);
    },

    async remove(actor: Authed, kind: ContentKind, id: number): Promise<void> {
      const { item } = await visible(actor, kind, id);
      if (!item.can_edit) throw forbidden('You may delete only content aimed at your own schools.');
      await repo.remove(id);
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
