import { useCallback, useEffect, useState } from 'react';
import { loadStoredAttempt } from '../../lib/attempt-store.ts';
import type { StoredAttempt } from '../../lib/attempt-store.ts';
import { drain } from '../../lib/outbox.ts';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { useConnection } from '../../lib/use-outbox.ts';
import { useAuth } from '../../shell/session.ts';
import { startQuizSync } from '../quiz/index.ts';

// Configures the outbox for the signed-in person, so Retry sends even before the start-up drain has loaded.
startQuizSync();

const KIND_NAMES: Record<string, string> = {
  quiz: 'Quiz',
  exam: 'Exam',
  diagnostic: 'Diagnostic',
  practice: 'Test Yourself',
};

export interface WaitingItem {
  key: string;
  /** "Quiz: Colours and shapes" (or "A quiz or exam" when this device no longer has its copy). */
  what: string;
  /** "Question 3", "Submission", "How far you watched" or "Change". */
  detail: string;
  /** When the student made the change (device time, ms). */
  since: number;
}

function describe(entry: OutboxEntry, stored: StoredAttempt | undefined): WaitingItem {
  const attempt = stored?.attempt;
  const what = attempt
    ? `${KIND_NAMES[attempt.kind] ?? 'Quiz'}: ${attempt.title}`
    : entry.meta.attemptId !== undefined
      ? 'A quiz or exam'
      : entry.meta.type === 'video-progress'
        ? 'A video'
        : 'A change';
  let detail = entry.meta.type === 'video-progress' ? 'How far you watched' : 'Change';
  if (entry.meta.type === 'submit') detail = 'Submission';
  if (entry.meta.type === 'answer') {
    const index = attempt?.questions.findIndex((q) => q.id === entry.meta.questionId) ?? -1;
    detail = index >= 0 ? `Question ${index + 1}` : 'An answer';
  }
  const made = Date.parse(entry.version);
  return { key: entry.key, what, detail, since: Number.isNaN(made) ? entry.seq : made };
}

export type RetryOutcome = 'sent' | 'waiting' | null;

export interface WaitingToSync {
  online: boolean;
  items: WaitingItem[];
  retrying: boolean;
  /** What the last Retry achieved: everything sent, or some still waiting. */
  outcome: RetryOutcome;
  retry: () => Promise<void>;
}

/** This person's answers and submissions still on this device only, described for a person to read. */
export function useWaitingToSync(): WaitingToSync {
  const { user } = useAuth();
  const { online, pending } = useConnection(user?.id ?? null);
  const [attempts, setAttempts] = useState<ReadonlyMap<string, StoredAttempt | undefined>>(new Map());
  const [retrying, setRetrying] = useState(false);
  const [outcome, setOutcome] = useState<RetryOutcome>(null);

  const attemptIds = [
    ...new Set(pending.map((e) => e.meta.attemptId).filter((id) => typeof id === 'string')),
  ];
  const missing = attemptIds.filter((id) => !attempts.has(id)).join(' ');
  useEffect(() => {
    if (!missing) return;
    let live = true;
    const ids = missing.split(' ');
    void Promise.all(ids.map((id) => loadStoredAttempt(id))).then((loaded) => {
      if (!live) return;
      setAttempts((old) => new Map([...old, ...ids.map((id, i) => [id, loaded[i]] as const)]));
    });
    return () => {
      live = false;
    };
  }, [missing]);

  const retry = useCallback(async () => {
    setRetrying(true);
    setOutcome(null);
    const result = await drain();
    setRetrying(false);
    setOutcome(result.waiting > 0 ? 'waiting' : 'sent');
  }, []);

  const items = pending.map((entry) =>
    describe(
      entry,
      typeof entry.meta.attemptId === 'string' ? attempts.get(entry.meta.attemptId) : undefined,
    ),
  );
  return { online, items, retrying, outcome, retry };
}
