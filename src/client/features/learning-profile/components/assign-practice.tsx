import { useState, type FormEvent } from 'react';
import type { LearningProfile } from '../../../../shared/contracts/learning.ts';
import {
  ASSIGN_PRACTICE_MAX_TOPICS,
  type AssignPracticeResult,
} from '../../../../shared/contracts/practice-assignments.ts';
import { CheckField } from '../../../components/check-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/http.ts';
import { percentOf } from '../../learning/index.ts';
import { assignPractice } from '../assign-practice.api.ts';

/** How many topics are offered before "Show all topics not mastered". */
const OFFERED = 8;

type Topic = { id: number; name: string; mastery: number; assessed: boolean };

/** The topics worth practising, weakest first: answered on and not mastered, then those not started. */
export function practiceCandidates(profile: LearningProfile): Topic[] {
  const all = profile.subjects.flatMap((s) =>
    s.sub_topics.flatMap((t) =>
      t.micro_topics
        .filter((m) => m.level !== 'mastered' || m.due_for_recheck)
        .map((m) => ({ id: m.id, name: m.name, mastery: m.mastery, assessed: m.evidence > 0 })),
    ),
  );
  return [...all].sort((a, b) => Number(b.assessed) - Number(a.assessed) || a.mastery - b.mastery);
}

/**
 * Staff on a student's profile send them practice: the topics picked (their weakest offered first) arrive as
 * a notification that opens Test Yourself with those topics ticked.
 */
export function AssignPractice({ profile }: { profile: LearningProfile }) {
  const candidates = practiceCandidates(profile);
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<AssignPracticeResult | null>(null);
  const shown = all ? candidates : candidates.slice(0, OFFERED);
  const name = profile.student.full_name;

  const toggle = (id: number, on: boolean) =>
    setChosen((c) => (on ? [...c.filter((x) => x !== id), id] : c.filter((x) => x !== id)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (chosen.length === 0) return setError('Choose at least one topic.');
    if (chosen.length > ASSIGN_PRACTICE_MAX_TOPICS)
      return setError(`Choose at most ${ASSIGN_PRACTICE_MAX_TOPICS} topics.`);
    setBusy(true);
    setError(null);
    try {
      const trimmed = message.trim();
      setSent(
        await assignPractice(profile.student.id, {
          micro_topic_ids: chosen,
          ...(trimmed ? { message: trimmed } : {}),
        }),
      );
      setChosen([]);
      setMessage('');
    } catch (e) {
      const fields = e instanceof ApiError ? Object.values(e.errors ?? {}).flat() : [];
      setError(fields.length ? fields.join(' ') : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card assign-practice" aria-labelledby="assign-practice-title">
      <h2 id="assign-practice-title" className="card__title">
        Assign practice
      </h2>
      {candidates.length === 0 ? (
        <p className="learning-muted">{name} has mastered every topic: nothing to practise.</p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="form">
          <fieldset className="assign-practice__topics">
            <legend>Topics to practise, weakest first</legend>
            <p className="learning-muted">
              {name} gets a notification that opens Test Yourself with these topics chosen.
            </p>
            {shown.map((t) => (
              <CheckField key={t.id} checked={chosen.includes(t.id)} onChange={(on) => toggle(t.id, on)}>
                {t.name}{' '}
                <span className="learning-muted">
                  · {t.assessed ? `chance mastered ${percentOf(t.mastery)}` : 'not started'}
                </span>
              </CheckField>
            ))}
          </fieldset>
          {candidates.length > OFFERED && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setAll(!all)}
            >
              {all ? `Show the ${OFFERED} weakest only` : `Show all ${candidates.length} topics not mastered`}
            </button>
          )}
          <label className="field">
            <span className="field__label">Message (optional)</span>
            <input
              className="field__input"
              value={message}
              maxLength={300}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          {error && <FormMessage kind="error">{error}</FormMessage>}
          {sent && (
            <FormMessage kind="success">
              Sent to {sent.student.full_name}: {sent.topics.map((t) => t.name).join(', ')}. They will find it
              in their notifications.
            </FormMessage>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending...' : 'Send practice'}
          </button>
        </form>
      )}
    </section>
  );
}
