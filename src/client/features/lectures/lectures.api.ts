import {
  CONTENT_PATHS,
  lectureResponseSchema,
  lecturesResponseSchema,
  readResponseSchema,
} from '../../../shared/contracts/content.ts';
import type { Lecture, LectureSummary } from '../../../shared/contracts/content.ts';
import { getJson, putJson } from '../../lib/http.ts';

export async function fetchLectures(signal?: AbortSignal): Promise<LectureSummary[]> {
  return (await getJson(CONTENT_PATHS.lectures, { signal, schema: lecturesResponseSchema })).data;
}

export async function fetchLecture(id: number, signal?: AbortSignal): Promise<Lecture> {
  return (await getJson(CONTENT_PATHS.lecture(id), { signal, schema: lectureResponseSchema })).lecture;
}

/** Idempotent on the server: sending it again keeps the first reading's time. */
export async function markLectureRead(id: number): Promise<string> {
  return (await putJson(CONTENT_PATHS.lectureRead(id), {}, { schema: readResponseSchema })).read_at;
}
