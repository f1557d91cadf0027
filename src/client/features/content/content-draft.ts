import type { ContentBody, ContentItem } from '../../../shared/contracts/content.ts';
import type { ContentKind } from './content-kind.ts';

/** A file the form holds: uploaded (or already attached), named as the server keeps it. */
export type DraftFile = { id: number; name: string; size: number };

/** Everything the edit form holds until the server accepts it. */
export type ContentDraft = {
  title: string;
  summary: string;
  body_html: string;
  published: boolean;
  school_ids: number[];
  micro_topic_ids: number[];
  attachments: DraftFile[];
  /** A video: an uploaded file or a link elsewhere. */
  source: 'file' | 'link';
  video: DraftFile | null;
  external_url: string;
  poster: DraftFile | null;
  /** The browser's reading of the uploaded video's length; the server prefers the file's own. */
  duration_seconds: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  meeting_url: string;
};

export function emptyDraft(schoolIds: number[] = []): ContentDraft {
  return {
    title: '',
    summary: '',
    body_html: '',
    // Ticked: a teacher who writes a lecture or schedules a discussion means students to see it; a draft is
    // the exception, and unticking is one tap.
    published: true,
    school_ids: schoolIds,
    micro_topic_ids: [],
    attachments: [],
    source: 'file',
    video: null,
    external_url: '',
    poster: null,
    duration_seconds: null,
    starts_at: null,
    ends_at: null,
    meeting_url: '',
  };
}

const fileOf = (f: { id: number; name: string; size: number } | null): DraftFile | null =>
  f ? { id: f.id, name: f.name, size: f.size } : null;

export function draftFromItem(item: ContentItem): ContentDraft {
  return {
    title: item.title,
    summary: item.summary,
    body_html: item.body_html,
    published: item.published,
    school_ids: item.school_ids,
    micro_topic_ids: item.topics.map((t) => t.id),
    attachments: item.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
    source: item.external_url ? 'link' : 'file',
    video: fileOf(item.video),
    external_url: item.external_url ?? '',
    poster: fileOf(item.poster),
    duration_seconds: item.duration_seconds,
    starts_at: item.starts_at ? new Date(item.starts_at) : null,
    ends_at: item.ends_at ? new Date(item.ends_at) : null,
    meeting_url: item.meeting_url ?? '',
  };
}

/** The request body for this kind: only the fields that matter to it. */
export function bodyOf(kind: ContentKind, d: ContentDraft): ContentBody {
  const body: ContentBody = {
    title: d.title,
    summary: d.summary,
    body_html: d.body_html,
    published: d.published,
    school_ids: d.school_ids,
    micro_topic_ids: d.micro_topic_ids,
    attachment_file_ids: d.attachments.map((a) => a.id),
  };
  if (kind === 'video') {
    body.video_file_id = d.source === 'file' ? (d.video?.id ?? null) : null;
    body.external_url = d.source === 'link' ? d.external_url.trim() || null : null;
    body.poster_file_id = d.poster?.id ?? null;
    body.duration_seconds = d.source === 'file' ? d.duration_seconds : null;
  }
  if (kind === 'live-discussion') {
    body.starts_at = d.starts_at?.toISOString() ?? null;
    body.ends_at = d.ends_at?.toISOString() ?? null;
    body.meeting_url = d.meeting_url.trim() || null;
  }
  return body;
}
