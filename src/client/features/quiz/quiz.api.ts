import type { AssessmentKind, MyAssessment } from '../../../shared/contracts/assessments.ts';
import { ASSESSMENT_PATHS } from '../../../shared/api-paths.ts';
import type {
  Analysis,
  Attempt,
  AttemptResult,
  DiagnosticResults,
  HeartbeatResponse,
} from '../../../shared/contracts/attempts.ts';
import { ATTEMPT_PATHS } from '../../../shared/api-paths.ts';
import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { KG_PATHS } from '../../../shared/api-paths.ts';
import { loadCopy, storeCopy } from '../../lib/attempt-store.ts';
import { api, ApiError, getJson, markUpdatedAt, postJson, putJson, withQuery } from '../../lib/http.ts';
import type { QueryParams } from '../../lib/http.ts';
import { authState } from '../../shell/session.ts';

/**
 * True when the request got no answer from the server (offline, DNS, the 30-second timeout), as opposed to
 * an answer that refused it. A cancellation by the caller is neither.
 */
export function isNetworkFailure(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return false;
  return !(error instanceof ApiError);
}

/**
 * Learning data changes with every answer, so it is read from the network first (past both the service
 * worker's and the 5-minute cache); only when the network is gone does the last copy on this device answer.
 */
async function getFreshStamped<T>(
  path: string,
  query: QueryParams | undefined,
  signal?: AbortSignal,
  { fallback = true }: { fallback?: boolean } = {},
): Promise<Stamped<T>> {
  const target = withQuery(path, query);
  try {
    const [controller, chain] = api.options({ cache: 'no-store' }).url(target).get().controller();
    const cancel = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted) cancel();
    try {
      const data = await chain.json<T>();
      if (fallback) await storeCopy(authState.user?.id ?? null, target, data);
      return { data, updatedAt: Date.now() };
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  } catch (error) {
    if (!fallback || !isNetworkFailure(error, signal)) throw error;
    const copy = await loadCopy<T>(authState.user?.id ?? null, target);
    if (copy !== undefined) return copy;
    throw error;
  }
}

async function getFresh<T>(
  path: string,
  query: QueryParams | undefined,
  signal?: AbortSignal,
  options?: { fallback?: boolean },
): Promise<T> {
  const { data, updatedAt } = await getFreshStamped<T>(path, query, signal, options);
  // For the screen's LoadState.updatedAt ("Offline, last updated 10:42").
  return updatedAt === undefined ? data : markUpdatedAt(data, updatedAt, signal);
}

/** Data with the time it was read from the server (an offline copy keeps the time it was first read). */
export interface Stamped<T> {
  data: T;
  /** ms since epoch; undefined for a copy kept before the time was recorded. */
  updatedAt: number | undefined;
}

/** The student's assessments of one kind, with when the server said so (for "Offline, last updated"). */
export async function fetchMyAssessmentsStamped(
  kind: AssessmentKind,
  signal?: AbortSignal,
): Promise<Stamped<MyAssessment[]>> {
  const { data, updatedAt } = await getFreshStamped<{ data: MyAssessment[] }>(
    ASSESSMENT_PATHS.mine,
    { kind },
    signal,
  );
  return { data: data.data, updatedAt };
}

export async function fetchMyAssessments(
  kind: AssessmentKind,
  signal?: AbortSignal,
): Promise<MyAssessment[]> {
  const { data } = await getFresh<{ data: MyAssessment[] }>(ASSESSMENT_PATHS.mine, { kind }, signal);
  return data;
}

/** Starts an attempt with the client's UUID, or resumes the one already in progress (idempotent). */
export function startAttempt(id: string, assessmentId: number, signal?: AbortSignal): Promise<Attempt> {
  return postJson<Attempt>(ATTEMPT_PATHS.start, { id, assessment_id: assessmentId }, { signal });
}

export function startPractice(
  id: string,
  microTopicIds: number[],
  count: number,
  signal?: AbortSignal,
): Promise<Attempt> {
  return postJson<Attempt>(ATTEMPT_PATHS.practice, { id, micro_topic_ids: microTopicIds, count }, { signal });
}

/** Network only: offline, the device's own copy of the attempt (lib/attempt-store.ts) is the better one. */
export function fetchAttempt(id: string, signal?: AbortSignal): Promise<Attempt> {
  return getFresh<Attempt>(ATTEMPT_PATHS.one(id), undefined, signal, { fallback: false });
}

/** Best effort: where the student is, so another device resumes at the same question. */
/** The device of an attempt in progress is there, with this many answers waiting to sync; answers the clock. */
export function sendHeartbeat(id: string, outbox: number, signal?: AbortSignal): Promise<HeartbeatResponse> {
  return postJson<HeartbeatResponse>(ATTEMPT_PATHS.heartbeat(id), { outbox }, { signal });
}

export async function savePosition(id: string, position: number): Promise<void> {
  await putJson(ATTEMPT_PATHS.position(id), { position });
}

export function fetchResult(id: string, signal?: AbortSignal): Promise<AttemptResult> {
  return getFresh<AttemptResult>(ATTEMPT_PATHS.result(id), undefined, signal);
}

export function fetchAnalysis(id: string, signal?: AbortSignal): Promise<Analysis> {
  return getFresh<Analysis>(ATTEMPT_PATHS.analysis(id), undefined, signal);
}

export function fetchDiagnosticResults(signal?: AbortSignal): Promise<DiagnosticResults> {
  return getFresh<DiagnosticResults>(ATTEMPT_PATHS.diagnosticResults, undefined, signal);
}

export function fetchKnowledgeGraph(signal?: AbortSignal): Promise<KnowledgeGraph> {
  return getJson<KnowledgeGraph>(KG_PATHS.graph, { signal });
}

export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // RFC 4122 version 4 from random bytes, for browsers without randomUUID (non-secure contexts).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
