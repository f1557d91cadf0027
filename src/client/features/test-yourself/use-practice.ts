import { useCallback } from 'react';
import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { practiceIdFor, rememberPractice } from '../../lib/attempt-store.ts';
import { useLoad } from '../../lib/use-async.ts';
import { fetchMyPathway, fetchMyProfile } from '../learning/index.ts';
import type { SessionData } from '../quiz/index.ts';
import { quickTopics, READY, type QuickTopics } from './quick-topics.ts';
import {
  adoptAttempt,
  fetchKnowledgeGraph,
  newAttemptId,
  openAttempt,
  startPractice,
  startQuizSync,
} from '../quiz/index.ts';

// A practice's answers go through the outbox: its quiz handlers are set up before the first one.
startQuizSync();

export interface PracticeStart {
  graph: KnowledgeGraph;
  /** A practice left unfinished on this device (a reload, a closed tab). */
  unfinished: SessionData | null;
  /** What the one-button start practises; null when nothing has questions. */
  quick: QuickTopics | null;
}

async function unfinishedPractice(userId: number, signal: AbortSignal): Promise<SessionData | null> {
  const id = await practiceIdFor(userId);
  if (!id) return null;
  const outcome = await openAttempt(id, signal).catch(() => null);
  if (outcome?.kind === 'ready' && outcome.data.attempt.status === 'in_progress') return outcome.data;
  await rememberPractice(userId, null);
  return null;
}

/** The topics to choose from, the one-button start's, and any practice to continue. */
export function usePracticeStart(userId: number | null) {
  const load = useCallback(
    async (signal: AbortSignal): Promise<PracticeStart> => {
      // The pathway and profile only choose the one-button start's topics: without them, any topic will do.
      const [graph, unfinished, pathway] = await Promise.all([
        fetchKnowledgeGraph(signal),
        userId === null ? null : unfinishedPractice(userId, signal),
        fetchMyPathway(signal).catch(() => null),
      ]);
      const ready = quickTopics(graph, pathway, null);
      if (ready?.what === READY) return { graph, unfinished, quick: ready };
      // No ready topic with questions: the profile says which are weakest.
      const profile = await fetchMyProfile(signal).catch(() => null);
      return { graph, unfinished, quick: quickTopics(graph, pathway, profile) };
    },
    [userId],
  );
  return useLoad(load);
}

/** Draws a practice quiz on the chosen micro topics and remembers it on this device. */
export async function beginPractice(
  userId: number,
  microTopicIds: number[],
  count: number,
): Promise<SessionData> {
  const sentAt = Date.now();
  const attempt = await startPractice(newAttemptId(), microTopicIds, count);
  const session = await adoptAttempt(attempt, sentAt, Date.now());
  await rememberPractice(userId, attempt.id);
  return session;
}

export async function endPractice(userId: number): Promise<void> {
  await rememberPractice(userId, null);
}
