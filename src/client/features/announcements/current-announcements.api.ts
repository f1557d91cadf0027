import { ANNOUNCEMENT_PATHS } from '../../../shared/api-paths.ts';
import type { CurrentAnnouncement } from '../../../shared/contracts/announcements.ts';
import { getJson } from '../../lib/http.ts';
import { arrayOf, expectShape, isNumber, isString, nullable, objectOf } from '../../lib/shape.ts';

// The dashboard shows these first thing, so they are checked without zod: the same shape as the contract's
// currentAnnouncementsResponseSchema (tests/client/announcements/current-announcements-shape.test.ts).
export const isCurrentAnnouncementsResponse = objectOf({
  data: arrayOf(
    objectOf({
      id: isNumber,
      title: isString,
      body: isString,
      published_at: isString,
      author_name: nullable(isString),
    }),
  ),
});

export async function fetchCurrentAnnouncements(signal?: AbortSignal): Promise<CurrentAnnouncement[]> {
  const body = await getJson<unknown>(ANNOUNCEMENT_PATHS.current, { signal, cache: false });
  return expectShape<{ data: CurrentAnnouncement[] }>(body, isCurrentAnnouncementsResponse, 'announcements')
    .data;
}
