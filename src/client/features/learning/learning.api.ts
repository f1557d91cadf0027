import { LEARNING_PATHS } from '../../../shared/api-paths.ts';
import {
  learningPathwaySchema,
  learningProfileSchema,
  type LearningPathway,
  type LearningProfile,
} from '../../../shared/contracts/learning.ts';
import { getJson } from '../../lib/http.ts';

// Not cached for five minutes: a quiz just finished must show in the profile and move the pathway at once.
// The student's own profile and pathway still open offline: the read goes to the network first through the
// service worker (offlineCopy), whose copy answers only when the network fails, marked as saved earlier.

export function fetchMyProfile(signal: AbortSignal): Promise<LearningProfile> {
  return getJson(LEARNING_PATHS.myProfile, {
    signal,
    schema: learningProfileSchema,
    cache: false,
    offlineCopy: true,
  });
}

export function fetchStudentProfile(id: number, signal: AbortSignal): Promise<LearningProfile> {
  return getJson(LEARNING_PATHS.studentProfile(id), { signal, schema: learningProfileSchema, cache: false });
}

export function fetchMyPathway(signal: AbortSignal): Promise<LearningPathway> {
  return getJson(LEARNING_PATHS.myPathway, {
    signal,
    schema: learningPathwaySchema,
    cache: false,
    offlineCopy: true,
  });
}

// The dashboard's card reads the summary: it lives apart, without zod (the first screen after sign-in).
export { fetchMySummary } from './learning-summary.api.ts';
