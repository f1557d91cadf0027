import {
  EXAM_LIVE_PATHS,
  examLiveResponseSchema,
  type ExamLiveResponse,
} from '../../../shared/contracts/exam-live.ts';
import { getJson, putJson } from '../../lib/http.ts';

/** The whole view, read past every cache: it is about now. */
export function fetchExamLive(id: number, signal?: AbortSignal): Promise<ExamLiveResponse> {
  return getJson(EXAM_LIVE_PATHS.view(id), { cache: false, schema: examLiveResponseSchema, signal });
}

/** A student's own override, as the overrides feature keeps it (the fields the live view adds to). */
interface OverrideFields {
  user_id: number | null;
  extra_minutes: number | null;
  time_multiplier: number | null;
  closes_at: string | null;
  attempts_allowed: number | null;
}

const overridesPath = (id: number) => `/admin/assessments/${id}/overrides`;

/**
 * Gives a student `minutes` more: their own override's extra minutes become what they were plus these (a PUT
 * replaces the override whole, so its other fields are sent as they are). Read just before, so two teachers
 * adding at once each add theirs unless they click in the same instant.
 */
export async function giveExtraTime(assessmentId: number, userId: number, minutes: number): Promise<number> {
  const { data } = await getJson<{ data: OverrideFields[] }>(overridesPath(assessmentId), { cache: false });
  const own = data.find((o) => o.user_id === userId);
  const extra = (own?.extra_minutes ?? 0) + minutes;
  await putJson(`${overridesPath(assessmentId)}/${userId}`, {
    extra_minutes: extra,
    time_multiplier: own?.time_multiplier ?? null,
    closes_at: own?.closes_at ?? null,
    attempts_allowed: own?.attempts_allowed ?? null,
  });
  return extra;
}
