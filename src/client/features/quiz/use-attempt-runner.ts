import { fetchAttempt, savePosition } from './quiz.api.ts';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type {
  AdaptiveStep,
  AttemptResult,
  Feedback,
  GivenAnswer,
  SavedAnswer,
} from '../../../shared/contracts/attempts.ts';
import { confirmDialog } from '../../components/dialogs.tsx';
import { storeAnswer, storePosition } from '../../lib/attempt-store.ts';
import { drain, pendingEntries, subscribeOutbox } from '../../lib/outbox.ts';
import { adoptDeadline, seedDeadline, useDeadline } from './attempt-deadline.ts';
import type { SessionData } from './attempt-session.ts';
import { flaggedNumbers, submitConfirmText, unansweredNumbers } from './attempt-view.ts';
import type { AnswerMap } from './attempt-view.ts';
import { isSubmitEntry, queueAnswer, queueSubmit, useSyncStatus } from './quiz-sync.ts';
import { useAttemptHeartbeat, type HeartbeatClock } from './use-attempt-heartbeat.ts';

export type RunnerPhase = 'answering' | 'submitting' | 'waiting-sync' | 'submitted';

/**
 * One attempt being taken: answers saved as they are given (outbox first), flags, where the student is,
 * and submission — confirmed by the student, or automatic at the deadline, delivered when the network allows.
 */
export function useAttemptRunner(
  initial: SessionData,
  onSubmitted: (result: AttemptResult | null) => void,
  options: {
    /**
     * The server's word on the attempt's clock (each heartbeat): by default its deadline is adopted
     * (adoptDeadline: staff may have given extra time). A caller may take it over.
     */
    onClock?: (clock: HeartbeatClock) => void;
  } = {},
) {
  const { attempt } = initial;
  const [answers, setAnswers] = useState<AnswerMap>(initial.answers);
  const [position, setPosition] = useState(initial.position);
  const [feedback, setFeedback] = useState<Record<string, Feedback>>(attempt.feedback);
  // The adaptive diagnostic's latest word from the server (each delivered answer brings a new one).
  const [step, setStep] = useState<AdaptiveStep | null>(attempt.adaptive ?? null);
  // Questions whose answer the server has taken (or refused) while this screen was open: the diagnostic
  // waits for that word before it shows the next question.
  const [settled, setSettled] = useState<ReadonlySet<number>>(() => new Set());
  const [phase, setPhase] = useState<RunnerPhase>(
    initial.submitPending ? 'waiting-sync' : attempt.status === 'submitted' ? 'submitted' : 'answering',
  );
  const [expired, setExpired] = useState(false);
  const submitting = useRef(false);
  const sync = useSyncStatus(attempt.id);
  const reportSubmitted = useEffectEvent(onSubmitted);
  // The deadline can move while the attempt runs (extra time given): the server's latest word counts.
  useState(() => seedDeadline(attempt.id, attempt.deadline_at, initial.fromDevice));
  const deadlineAt = useDeadline(attempt.id, attempt.deadline_at);
  // Back online, or back on this tab: ask the server for the deadline (extra time given meanwhile).
  const timed = deadlineAt !== null;
  useEffect(() => {
    if (!timed || phase !== 'answering') return;
    const controller = new AbortController();
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      fetchAttempt(attempt.id, controller.signal)
        .then((fresh) => adoptDeadline(attempt.id, fresh.deadline_at))
        .catch(() => undefined);
    };
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      controller.abort();
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [attempt.id, timed, phase]);

  useEffect(
    () =>
      subscribeOutbox((event) => {
        const { entry } = event;
        if (entry.meta.attemptId !== attempt.id) return;
        if (isSubmitEntry(entry, attempt.id)) {
          if (event.type === 'sent') {
            setPhase('submitted');
            reportSubmitted(event.response as AttemptResult);
          } else {
            submitting.current = false;
            setPhase('answering');
          }
          return;
        }
        const given =
          event.type === 'sent'
            ? (event.response as {
                feedback?: Feedback | null;
                adaptive?: AdaptiveStep;
                deadline_at?: string | null;
              })
            : null;
        if (given?.adaptive) setStep(given.adaptive);
        // Each save's reply carries the deadline as the server has it now.
        if (given && given.deadline_at !== undefined) adoptDeadline(attempt.id, given.deadline_at);
        const questionId = Number(entry.meta.questionId);
        setSettled((old) => (old.has(questionId) ? old : new Set(old).add(questionId)));
        if (given?.feedback) {
          const value = given.feedback;
          setFeedback((old) => ({ ...old, [String(entry.meta.questionId)]: value }));
        }
      }),
    [attempt.id],
  );

  // Submitted offline, then delivered by a drain this screen did not see (another tab, the dashboard).
  const submitWaiting = sync.entries.some((e) => isSubmitEntry(e, attempt.id));
  useEffect(() => {
    if (phase !== 'waiting-sync' || submitWaiting) return;
    let cancelled = false;
    void pendingEntries((e) => isSubmitEntry(e, attempt.id)).then((left) => {
      if (cancelled || left.length > 0) return;
      setPhase('submitted');
      reportSubmitted(null);
    });
    return () => {
      cancelled = true;
    };
  }, [phase, submitWaiting, attempt.id]);

  const locked = phase !== 'answering' || expired;

  // A timed attempt says it is there (staff follow it live; its deadline may move): see the hook.
  useAttemptHeartbeat(attempt.id, {
    active: attempt.deadline_at !== null && phase === 'answering' && !expired,
    onClock: options.onClock ?? ((c) => adoptDeadline(attempt.id, c.deadline_at)),
  });

  const save = useCallback(
    (questionId: number, answer: GivenAnswer | null, flagged: boolean) => {
      const saved: SavedAnswer = {
        question_id: questionId,
        answer,
        flagged,
        // By the server's clock: the server judges late answers against when it last heard from us.
        answered_at: new Date(Date.now() + initial.clockOffsetMs).toISOString(),
      };
      setAnswers((old) => ({ ...old, [questionId]: saved }));
      void Promise.all([
        storeAnswer(attempt.id, saved, position),
        queueAnswer(attempt.id, questionId, {
          answer,
          flagged,
          answered_at: saved.answered_at ?? new Date().toISOString(),
          position,
        }),
      ]);
    },
    [attempt.id, position, initial.clockOffsetMs],
  );

  const answer = useCallback(
    (questionId: number, value: GivenAnswer | null) => {
      if (locked) return;
      save(questionId, value, answers[questionId]?.flagged ?? false);
    },
    [answers, locked, save],
  );

  const toggleFlag = useCallback(
    (questionId: number) => {
      if (locked) return;
      const current = answers[questionId];
      save(questionId, current?.answer ?? null, !(current?.flagged ?? false));
    },
    [answers, locked, save],
  );

  const goTo = useCallback(
    (index: number) => {
      const next = Math.min(Math.max(index, 0), attempt.questions.length - 1);
      setPosition(next);
      void storePosition(attempt.id, next);
      // Offline this simply fails; the answers (in the outbox) carry the position too.
      savePosition(attempt.id, next).catch(() => undefined);
    },
    [attempt.id, attempt.questions.length],
  );

  const submit = useCallback(
    async ({ confirm = true }: { confirm?: boolean } = {}) => {
      if (submitting.current || phase !== 'answering') return;
      if (confirm) {
        const ok = await confirmDialog(
          submitConfirmText(
            unansweredNumbers(attempt.questions, answers),
            flaggedNumbers(attempt.questions, answers),
          ),
        );
        if (!ok || submitting.current) return;
      }
      submitting.current = true;
      setPhase('submitting');
      await queueSubmit(attempt.id, attempt.kind, new Date().toISOString());
      await drain();
      const left = await pendingEntries((e) => isSubmitEntry(e, attempt.id));
      if (left.length > 0) setPhase((now) => (now === 'submitting' ? 'waiting-sync' : now));
    },
    [answers, attempt.id, attempt.kind, attempt.questions, phase],
  );

  const expire = useCallback(() => {
    setExpired(true);
    void submit({ confirm: false });
  }, [submit]);

  return {
    attempt,
    /** When time is up, as the server last said (it moves when extra time is given); null: untimed. */
    deadlineAt,
    answers,
    position,
    feedback,
    step,
    settled,
    online: sync.online,
    phase,
    expired,
    locked,
    answer,
    toggleFlag,
    goTo,
    submit,
    expire,
  };
}

export type AttemptRunner = ReturnType<typeof useAttemptRunner>;
