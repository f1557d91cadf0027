import { useCallback } from 'react';
import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { practiceIdFor, rememberPractice } from '../../lib/attempt-store.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { SessionData } from '../quiz/index.ts';
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
}

async function unfinishedPractice(userId: number, signal: AbortSignal): Promise<SessionData | null> {
  const id = await practiceIdFor(userId);
  if (!id) return null;
  const outcome = await openAttempt(id, signal).catch(() => null);
  if (outcome?.kind === 'ready' && outcome.data.attempt.status === 'in_progress') return outcome.data;
  await rememberPractice(userId, null);
  return null;
}

/** The topics to choose from, and any practice to continue. */
export function usePracticeStart(userId: number | null) {
  const load = useCallback(
    async (signal: AbortSignal): Promise<PracticeStart> => {
      const [graph, unfinished] = await Promise.all([
        fetchKnowledgeGraph(signal),
        userId === null ? null : unfinishedPractice(userId, signal),
      ]);
      return { graph, unfinished };
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
