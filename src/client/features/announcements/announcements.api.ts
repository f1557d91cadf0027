import {
  ANNOUNCEMENT_PATHS,
  announcementResponseSchema,
  announcementsResponseSchema,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementStatus,
} from '../../../shared/contracts/announcements.ts';
import { delJson, getJson, postJson, putJson } from '../../lib/http.ts';

export type AnnouncementPage = { data: Announcement[]; total: number; page: number };
export type AnnouncementFilters = { search?: string; status?: AnnouncementStatus };

// A scheduled one may have gone out a minute ago: none of these come from the 5-minute cache.

export async function fetchAnnouncements(
  filters: AnnouncementFilters,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<AnnouncementPage> {
  const { data, meta } = await getJson(ANNOUNCEMENT_PATHS.list, {
    query: { search: filters.search || undefined, status: filters.status, page, per_page: perPage },
    signal,
    schema: announcementsResponseSchema,
    cache: false,
  });
  return { data, total: meta.total, page: meta.page };
}

export async function saveAnnouncement(id: number | null, body: AnnouncementBody): Promise<Announcement> {
  const answer =
    id === null
      ? await postJson(ANNOUNCEMENT_PATHS.list, body, { schema: announcementResponseSchema })
      : await putJson(ANNOUNCEMENT_PATHS.one(id), body, { schema: announcementResponseSchema });
  return answer.announcement;
}

export async function deleteAnnouncement(id: number): Promise<void> {
  await delJson(ANNOUNCEMENT_PATHS.one(id));
}

// The dashboard's read lives apart, without zod (the first screen after sign-in loads it).
export { fetchCurrentAnnouncements } from './current-announcements.api.ts';
