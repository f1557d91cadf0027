import type { AttemptResult } from '../../../../shared/contracts/attempts.ts';
import { Loading } from '../../../components/loading.tsx';
import type { SessionData } from '../attempt-session.ts';
import { useAttemptRunner } from '../use-attempt-runner.ts';
import { AnswerInput } from './answer-input.tsx';
import { Countdown } from './countdown.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuestionNavigator } from './question-navigator.tsx';
import { SyncStatus } from './sync-status.tsx';

/** The taking screen of a quiz, exam or diagnostic: one question at a time, saved as it is answered. */
export function QuizRunner({
  session,
  onSubmitted,
  queued = 0,
}: {
  session: SessionData;
  onSubmitted: (result: AttemptResult | null) => void;
  /** How many more assessments run after this one (the /quiz/{id}/{queue} route). */
  queued?: number;
}) {
  const runner = useAttemptRunner(session, onSubmitted);
  const { attempt, answers, position, phase } = runner;
  const question = attempt.questions[position];
  const total = attempt.questions.length;
  const saved = question ? answers[question.id] : undefined;
  const flagged = saved?.flagged === true;

  return (
    <div className="screen quiz">
      <header className="quiz__header">
        <div>
          <h1 className="page-title quiz__title">{attempt.title}</h1>
          {queued > 0 && (
            <p className="quiz__queue">
              {queued} more {queued === 1 ? 'quiz follows' : 'quizzes follow'} after this one.
            </p>
          )}
        </div>
        <div className="quiz__status">
          {attempt.deadline_at && phase === 'answering' && (
            <Countdown
              deadlineAt={attempt.deadline_at}
              clockOffsetMs={session.clockOffsetMs}
              onExpire={runner.expire}
            />
          )}
          <SyncStatus attemptId={attempt.id} />
        </div>
      </header>

      {phase === 'submitting' && <Loading variant="inline" label="Submitting your answers..." />}
      {phase === 'waiting-sync' && (
        <div className="card card--accent" role="status">
          <h2 className="card__title">Submitted — waiting to sync</h2>
          <p>
            Your answers are safe on this device and will be delivered as soon as you are back online. Your
            result appears then.
          </p>
        </div>
      )}
      {phase === 'submitted' && <Loading variant="inline" label="Opening your result..." />}
      {runner.expired && phase === 'answering' && (
        <p className="notice" role="alert">
          Time is up. Your answers are being submitted.
        </p>
      )}

      {phase === 'answering' && question && (
        <div className="quiz__body">
          <QuestionNavigator
            questions={attempt.questions}
            answers={answers}
            position={position}
            onGo={runner.goTo}
          />
          <QuestionCard question={question} number={position + 1} total={total}>
            <AnswerInput
              key={question.id}
              question={question}
              value={saved?.answer ?? null}
              disabled={runner.locked}
              onChange={(value) => runner.answer(question.id, value)}
            />
            <button
              type="button"
              className={`button button--secondary button--small quiz__flag${flagged ? ' quiz__flag--on' : ''}`}
              aria-pressed={flagged}
              disabled={runner.locked}
              onClick={() => runner.toggleFlag(question.id)}
            >
              <span aria-hidden="true">{flagged ? '⚑ ' : '⚐ '}</span>
              Flag for review
            </button>
          </QuestionCard>
          <div className="quiz__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={position === 0}
              onClick={() => runner.goTo(position - 1)}
            >
              Previous
            </button>
            {position < total - 1 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => runner.goTo(position + 1)}
              >
                Next
              </button>
            )}
            <button
              type="button"
              className="button quiz__submit"
              disabled={runner.locked}
              onClick={() => void runner.submit()}
            >
              Submit
            </button>
          </div>
        </div>
      )}
      {phase === 'answering' && !question && <p className="notice">This attempt has no questions.</p>}
    </div>
  );
}
