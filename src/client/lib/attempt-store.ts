import { createStore, del, get, getMany, set, setMany, update } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { Attempt, SavedAnswer } from '../../shared/contracts/attempts.ts';

// The last known state of each attempt on this device, so a quiz reloaded without a network opens from
// here (DESIGN.md section 5). Answers not yet on the server live in the outbox; this copy is what the screen
// last showed, including those.

export interface StoredAttempt {
  attempt: Attempt;
  /** Server clock minus device clock when the attempt was fetched, so the timer runs on the server's time. */
  clockOffsetMs: number;
  /** The question the student was on, and when (device time) they moved there. */
  position: number;
  positionAt: number;
}

let store: UseStore | null = null;
function attemptStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('pathbuilder-attempts', 'attempts');
  return store;
}

const attemptKey = (attemptId: string) => `attempt:${attemptId}`;
// Keyed by user: two students sharing a tablet each resume their own attempt.
const assessmentKey = (userId: number, assessmentId: number) => `assessment:${userId}:${assessmentId}`;
const practiceKey = (userId: number) => `practice:${userId}`;

// Storage is a convenience on top of the server: a full or blocked IndexedDB must never stop the quiz.
async function safely<T>(work: (db: UseStore) => Promise<T>, fallback: T): Promise<T> {
  const db = attemptStore();
  if (!db) return fallback;
  try {
    return await work(db);
  } catch {
    return fallback;
  }
}

export function loadStoredAttempt(attemptId: string): Promise<StoredAttempt | undefined> {
  return safely((db) => get<StoredAttempt>(attemptKey(attemptId), db), undefined);
}

export function saveStoredAttempt(stored: StoredAttempt): Promise<void> {
  return safely((db) => set(attemptKey(stored.attempt.id), stored, db), undefined);
}

/** Records one answer (and where the student is) in the stored copy, atomically. */
export function storeAnswer(attemptId: string, answer: SavedAnswer, position: number): Promise<void> {
  return safely(
    (db) =>
      update<StoredAttempt | undefined>(
        attemptKey(attemptId),
        (old) =>
          old && {
            ...old,
            attempt: {
              ...old.attempt,
              answers: [...old.attempt.answers.filter((a) => a.question_id !== answer.question_id), answer],
            },
            position,
            positionAt: Date.now(),
          },
        db,
      ),
    undefined,
  );
}

export function storePosition(attemptId: string, position: number): Promise<void> {
  return safely(
    (db) =>
      update<StoredAttempt | undefined>(
        attemptKey(attemptId),
        (old) => old && { ...old, position, positionAt: Date.now() },
        db,
      ),
    undefined,
  );
}

/** The deadline the server last gave (extra time may move it): a reload without a network counts down to it. */
export function storeDeadline(attemptId: string, deadlineAt: string | null): Promise<void> {
  return safely(
    (db) =>
      update<StoredAttempt | undefined>(
        attemptKey(attemptId),
        (old) => old && { ...old, attempt: { ...old.attempt, deadline_at: deadlineAt } },
        db,
      ),
    undefined,
  );
}

export function markStoredSubmitted(attemptId: string, submittedAt: string): Promise<void> {
  return safely(
    (db) =>
      update<StoredAttempt | undefined>(
        attemptKey(attemptId),
        (old) =>
          old && { ...old, attempt: { ...old.attempt, status: 'submitted', submitted_at: submittedAt } },
        db,
      ),
    undefined,
  );
}

export function attemptIdFor(userId: number, assessmentId: number): Promise<string | undefined> {
  return safely((db) => get<string>(assessmentKey(userId, assessmentId), db), undefined);
}

export function rememberAttemptFor(userId: number, assessmentId: number, attemptId: string): Promise<void> {
  return safely((db) => set(assessmentKey(userId, assessmentId), attemptId, db), undefined);
}

export function practiceIdFor(userId: number): Promise<string | undefined> {
  return safely((db) => get<string>(practiceKey(userId), db), undefined);
}

export function rememberPractice(userId: number, attemptId: string | null): Promise<void> {
  return safely(
    (db) => (attemptId ? set(practiceKey(userId), attemptId, db) : del(practiceKey(userId), db)),
    undefined,
  );
}

const copyKey = (userId: number | null, path: string) => `copy:${userId ?? 'guest'}:${path}`;

/**
 * The last answer the server gave to a learning read (lists, results), kept without expiry: offline, an old
 * list is more useful than none. Keyed by user, so a shared tablet never shows one student another's data.
 */
export function storeCopy(userId: number | null, path: string, data: unknown): Promise<void> {
  return safely(
    (db) =>
      setMany(
        [
          [copyKey(userId, path), data],
          [copyAtKey(userId, path), Date.now()],
        ],
        db,
      ),
    undefined,
  );
}

const copyAtKey = (userId: number | null, path: string) => `copy-at:${userId ?? 'guest'}:${path}`;

/** The copy, and when the server gave it (for "Offline, last updated 10:42"). */
export function loadCopy<T>(
  userId: number | null,
  path: string,
): Promise<{ data: T; updatedAt: number | undefined } | undefined> {
  return safely(async (db) => {
    const [data, updatedAt] = (await getMany([copyKey(userId, path), copyAtKey(userId, path)], db)) as [
      T | undefined,
      number | undefined,
    ];
    return data === undefined ? undefined : { data, updatedAt };
  }, undefined);
}
