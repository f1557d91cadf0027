import type {
  ContentFile,
  ContentItem,
  ContentKind,
  ContentTopic,
} from '../../../shared/contracts/content.ts';
import type { ContentRepository, ContentRow } from './content.repository.ts';

/** Signs a file's address for an element that cannot send the bearer token (<video>, <img>, a link). */
export type SignUrl = (fileId: number) => string;
/** Signs for the session of the reader the answer is for: the link ends with that session. */
export type SignFor = (fileId: number, reader: { sessionId: number }) => string;

type FileFacts = { id: number; original_name: string; mime: string; size: number | string };

export function toFile(f: FileFacts, sign: SignUrl): ContentFile {
  return { id: f.id, name: f.original_name, mime: f.mime, size: Number(f.size), url: sign(f.id) };
}

function groupBy<T extends { content_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.content_id, [...(map.get(row.content_id) ?? []), row]);
  return map;
}

/** The topics, schools and attachments of many items in three queries, not three per item. */
export async function linksOf(repo: ContentRepository, ids: number[]) {
  const [topics, schools, attachments] = await Promise.all([
    repo.topicsOf(ids),
    repo.schoolsOf(ids),
    repo.attachmentsOf(ids),
  ]);
  const byTopic = groupBy(topics);
  const bySchool = groupBy(schools);
  const byAttachment = groupBy(attachments);
  return {
    topics: (id: number): ContentTopic[] => (byTopic.get(id) ?? []).map(({ content_id: _c, ...t }) => t),
    schools: (id: number) => bySchool.get(id) ?? [],
    attachments: (id: number) => byAttachment.get(id) ?? [],
  };
}

/** Back-office items, with whether the caller may change each. */
export async function toItems(
  repo: ContentRepository,
  rows: ContentRow[],
  sign: SignUrl,
  canEdit: (row: ContentRow, schoolIds: number[]) => boolean,
): Promise<ContentItem[]> {
  const ids = rows.map((r) => r.id);
  const links = await linksOf(repo, ids);
  const fileIds = rows.flatMap((r) => [r.video_file_id, r.poster_file_id]).filter((x): x is number => !!x);
  const files = new Map((await repo.files(fileIds)).map((f) => [f.id, f]));
  const fileOf = (id: number | null) => {
    const f = id === null ? undefined : files.get(id);
    return f ? toFile(f, sign) : null;
  };
  return rows.map((row) => {
    const schools = links.schools(row.id);
    const schoolIds = schools.map((s) => s.id);
    return {
      id: row.id,
      kind: row.kind as ContentKind,
      title: row.title,
      summary: row.summary,
      body_html: row.body_html,
      published: row.published === 1,
      school_ids: schoolIds,
      school_names: schools.map((s) => s.name),
      topics: links.topics(row.id),
      attachments: links.attachments(row.id).map((a) => toFile(a, sign)),
      video: fileOf(row.video_file_id),
      external_url: row.external_url,
      poster: fileOf(row.poster_file_id),
      duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      meeting_url: row.meeting_url,
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
      can_edit: canEdit(row, schoolIds),
    };
  });
}

/**
 * The official player address for a YouTube or Vimeo link (privacy-enhanced for YouTube); null for any other
 * site, which the student opens as a link.
 */
export function embedUrlOf(link: string | null): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (s: string | null | undefined) => (s && /^[\w-]{6,20}$/.test(s) ? s : null);
  let yt: string | null = null;
  if (host === 'youtu.be') yt = id(url.pathname.slice(1));
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    yt =
      first === 'watch'
        ? id(url.searchParams.get('v'))
        : ['embed', 'shorts', 'live'].includes(first ?? '')
          ? id(second)
          : null;
  }
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vid = /(\d{4,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (vid) return `https://player.vimeo.com/video/${vid}`;
  }
  return null;
}
