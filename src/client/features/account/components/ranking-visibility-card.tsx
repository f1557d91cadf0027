import { useId, useState } from 'react';
import { showToast } from '../../../components/toast.tsx';
import { userMessage } from '../../../lib/http.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { useRankingVisibility } from '../use-ranking-visibility.ts';

/** Settings → Rankings: a student may leave every ranking that teachers and other students see. */
export function RankingVisibilityCard() {
  const { user } = useAuth();
  const isStudent = roleOf(user) === 'student';
  const { state, save } = useRankingVisibility(isStudent);
  const [shown, setShown] = useState<boolean | null>(null);
  const id = useId();
  const online = useOnline();
  if (!isStudent) return null;
  const visible = shown ?? state.data?.visible;

  const onChange = async (next: boolean) => {
    setShown(next);
    const result = await save.run(next);
    if (result.ok) {
      showToast({
        message: next ? 'You appear in rankings again.' : 'You no longer appear in any ranking.',
        type: 'success',
      });
    } else {
      setShown(!next);
      showToast({ title: 'Not saved', message: userMessage(result.error), type: 'error' });
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Rankings
      </h2>
      <p>
        Your place among your school&apos;s students shows on your Profile Record, by the share of topics you
        have mastered. Others see your first name and initial only.
      </p>
      {state.error && !state.data ? (
        <p role="alert">
          {userMessage(state.error, { offline: 'Your ranking setting shows here once you’re back online.' })}
        </p>
      ) : visible === undefined ? (
        <p>Loading...</p>
      ) : (
        <label className="checkbox" htmlFor={`${id}-toggle`}>
          <input
            id={`${id}-toggle`}
            type="checkbox"
            checked={visible}
            disabled={save.pending || !online}
            aria-describedby={online ? undefined : `${id}-offline`}
            onChange={(e) => void onChange(e.target.checked)}
          />{' '}
          Show me in rankings (when off, teachers and other students see you in no ranking)
        </label>
      )}
      {!online && visible !== undefined && (
        <p id={`${id}-offline`} className="field__hint">
          You’re offline. This setting can be changed once you’re back online.
        </p>
      )}
    </section>
  );
}
