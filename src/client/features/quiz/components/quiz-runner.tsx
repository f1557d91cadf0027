import { useMemo, useState } from 'react';
import { answerValueOf, type AttemptResult } from '../../../../shared/contracts/attempts.ts';
import type { SessionData } from '../attempt-session.ts';
import { flaggedNumbers, unansweredNumbers } from '../attempt-view.ts';
import { useSyncStatus } from '../quiz-sync.ts';
import { useAttemptRunner } from '../use-attempt-runner.ts';
import { AnswerInput } from './answer-input.tsx';
import { NavigatorDrawer } from './navigator-drawer.tsx';
import { PreviousButton } from './previous-button.tsx';
import { QuestionCard } from './question-card.tsx';
import { RunnerStatus } from './runner-status.tsx';
import { SubmitPhase } from './submit-phase.tsx';
import { QuestionNavigator } from './question-navigator.tsx';

/** "5 of 8 answered · 1 flagged · 2 waiting to sync": the drawer's one-line summary. */
export function progressSummary(total: number, unanswered: number, flagged: number, waiting: number): string {
  return [
    `${total - unanswered} of ${total} answered`,
    flagged > 0 ? `${flagged} flagged` : null,
    waiting > 0 ? `${waiting} waiting to sync` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The taking screen of a quiz, exam or diagnostic: one question at a time, saved as it is answered.
 * The question comes first. A bar at the bottom stays in view with the timer, Previous and Next (Submit on
 * the last question). On a phone the question list is a drawer opened from the bar ("3 of 8"), with Submit
 * in it; from 992 px it stands beside the question, with Submit under it.
 */
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
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { entries } = useSyncStatus(attempt.id);
  const waiting = useMemo(
    () =>
      new Set(
        entries.flatMap((e) =>
          e.meta.type === 'answer' && typeof e.meta.questionId === 'number' ? [e.meta.questionId] : [],
        ),
      ),
    [entries],
  );
  const question = attempt.questions[position];
  const total = attempt.questions.length;
  const last = position === total - 1;
  const saved = question ? answers[question.id] : undefined;
  const flagged = saved?.flagged === true;
  const answering = phase === 'answering';

  const navigator = (onGo: (index: number) => void) => (
    <QuestionNavigator
      questions={attempt.questions}
      answers={answers}
      waiting={waiting}
      position={position}
      onGo={onGo}
    />
  );
  const submitButton = (primary: boolean, onClick = () => void runner.submit()) => (
    <button
      type="button"
      className={`button quiz__submit${primary ? '' : ' button--secondary'}`}
      disabled={runner.locked}
      onClick={onClick}
    >
      Submit
    </button>
  );

  return (
    <div className="screen quiz">
      <header className="quiz__header">
        <h1 className="page-title quiz__title">{attempt.title}</h1>
        {queued > 0 && (
          <p className="quiz__queue">
            {queued} more {queued === 1 ? 'quiz follows' : 'quizzes follow'} after this one; you can stop
            after any.
          </p>
        )}
      </header>

      <SubmitPhase phase={phase} expired={runner.expired} />

      {answering && question && (
        <div className="quiz__body">
          <QuestionCard question={question} number={position + 1} total={total}>
            <AnswerInput
              key={question.id}
              question={question}
              value={answerValueOf(saved?.answer)}
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
          <aside className="quiz__side">
            {navigator(runner.goTo)}
            {/* On the last question Submit is in the bar; one Submit on screen at a time. */}
            {!last && submitButton(false)}
          </aside>
        </div>
      )}
      {answering && !question && <p className="notice">This attempt has no questions.</p>}

      <div className="quiz__bar">
        <RunnerStatus runner={runner} clockOffsetMs={session.clockOffsetMs} />
        {answering && question && (
          <div className="quiz__actions">
            <PreviousButton runner={runner} />
            <button
              type="button"
              className="button button--secondary quiz__list-toggle"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-label={`Questions: ${position + 1} of ${total}`}
              onClick={() => setDrawerOpen(true)}
            >
              {position + 1} of {total}
            </button>
            {last ? (
              submitButton(true)
            ) : (
              <button type="button" className="button" onClick={() => runner.goTo(position + 1)}>
                Next
              </button>
            )}
          </div>
        )}
      </div>

      {drawerOpen && answering && (
        <NavigatorDrawer
          summary={progressSummary(
            total,
            unansweredNumbers(attempt.questions, answers).length,
            flaggedNumbers(attempt.questions, answers).length,
            waiting.size,
          )}
          onClose={() => setDrawerOpen(false)}
        >
          {navigator((index) => {
            runner.goTo(index);
            setDrawerOpen(false);
          })}
          <div className="quiz-drawer__actions">
            {submitButton(last, () => {
              setDrawerOpen(false);
              void runner.submit();
            })}
          </div>
        </NavigatorDrawer>
      )}
    </div>
  );
}
