import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  answerValueOf,
  DONT_KNOW,
  type AnswerValue,
  type AttemptResult,
  type GivenAnswer,
} from '../../../../shared/contracts/attempts.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useScreenTitle } from '../../../shell/screen-title.ts';
import { diagnosticNumber, nextDiagnosticQuestion } from '../adaptive-step.ts';
import type { SessionData } from '../attempt-session.ts';
import { isAnswered, submitConfirmText } from '../attempt-view.ts';
import { useAttemptRunner } from '../use-attempt-runner.ts';
import { AnswerInput } from './answer-input.tsx';
import { QuestionCard } from './question-card.tsx';
import { RunnerStatus } from './runner-status.tsx';
import { SubmitPhase } from './submit-phase.tsx';

/**
 * The taking screen of the adaptive diagnostic: one question at a time, each chosen from the answers so
 * far, so there is no list to jump around in and no going back. "I don't know" is an answer here (better
 * than a guess: it tells us where to start), and the line beside it says so. Once the server's stop rule says the picture is clear (or the
 * cap is reached) the student is told they are done and submits; offline the screen goes on down the order
 * the server last gave and stops at the cap.
 *
 * An answer is final once saved (the server refuses a change: the next question depends on whether it was
 * right, so a changeable answer would give the key away). So the choice stays on this screen until the
 * student presses Next (or "I don't know"); only then is it saved (outbox first) and the question locked.
 *
 * Online, the next question is shown once the server has taken that answer and said what comes next (or
 * that the picture is clear): never a guess that the server's word then takes away under the student's
 * finger. Offline, or when the server has not answered within DECIDE_WAIT_MS, the screen goes on down the
 * order the server last gave.
 */
const DECIDE_WAIT_MS = 4000;
/** The line under "I don't know" that asks for it over a guess; the button is described by it. */
const DONT_KNOW_HINT_ID = 'diagnostic-dont-know-hint';

export function DiagnosticRunner({
  session,
  onSubmitted,
}: {
  session: SessionData;
  onSubmitted: (result: AttemptResult | null) => void;
}) {
  // The route (/quiz/{id}) is "Quiz"; the top bar says what this is.
  useScreenTitle('Diagnostic');
  const runner = useAttemptRunner(session, onSubmitted);
  const { attempt, answers, position, phase, step } = runner;
  // The student moved on from an answered question with nothing left to ask.
  const [finished, setFinished] = useState(false);
  // The answer being chosen, not saved yet. A ref too: a short answer commits on blur, in the same gesture
  // as the click on Next, before this render's closure would see it.
  const [draft, setDraft] = useState<{ id: number; value: AnswerValue | null } | null>(null);
  const draftRef = useRef(draft);
  // The question just answered, while the server decides what comes after it.
  const [deciding, setDeciding] = useState<number | null>(null);
  const question = attempt.questions[position];
  const saved = question ? answers[question.id] : undefined;
  const answered = isAnswered(saved);
  const chosen = question && draft?.id === question.id ? draft.value : null;
  const next = nextDiagnosticQuestion(attempt.questions, answers, step);
  // The server may say "done" while the student still sits on an unanswered question: no need to answer it.
  const done = next === null && (finished || !answered || !question);
  const answering = phase === 'answering';
  const { number, total } = question
    ? diagnosticNumber(attempt.questions, answers, step, question.id)
    : { number: 0, total: 0 };
  const given = attempt.questions.filter((q) => isAnswered(answers[q.id])).length;

  const choose = (id: number, value: AnswerValue | null) => {
    draftRef.current = { id, value };
    setDraft(draftRef.current);
  };
  /** Saves the answer (once: a saved answer is final) and moves on to the next question. */
  const give = (id: number, value: GivenAnswer | null) => {
    if (!value || isAnswered(answers[id])) return;
    runner.answer(id, value);
    if (runner.online) setDeciding(id);
    else moveOn(id);
  };
  const moveOn = (justAnswered: number | null) => {
    const index = nextDiagnosticQuestion(attempt.questions, answers, step, justAnswered);
    if (index === null) setFinished(true);
    else runner.goTo(index);
  };
  const decided = deciding !== null && (runner.settled.has(deciding) || !runner.online);
  const moveOnFrom = useEffectEvent((id: number) => {
    setDeciding(null);
    moveOn(id);
  });
  useEffect(() => {
    if (deciding === null) return;
    // The server's word is in (or the network is gone): on at once; otherwise on down the known order soon.
    const timer = setTimeout(() => moveOnFrom(deciding), decided ? 0 : DECIDE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [deciding, decided]);
  const submit = async () => {
    if (!(await confirmDialog(submitConfirmText([])))) return;
    await runner.submit({ confirm: false });
  };

  return (
    <div className="screen quiz">
      <header className="quiz__header">
        <h1 className="page-title quiz__title">{attempt.title}</h1>
      </header>
      {answering && <DiagnosticProgress given={given} most={Math.max(total, given)} done={done} />}

      <SubmitPhase phase={phase} expired={runner.expired} />

      {answering && done && (
        <div className="card card--accent" role="status">
          <h2 className="card__title">You&apos;re done</h2>
          <p>We have a clear picture of where you stand. Submit to see your results.</p>
          <button type="button" className="button" disabled={runner.locked} onClick={() => void submit()}>
            Submit
          </button>
        </div>
      )}
      {answering && deciding !== null && <Loading variant="inline" label="Choosing your next question..." />}
      {answering && !done && question && deciding === null && (
        <div className="quiz__body">
          <QuestionCard
            question={question}
            number={number}
            total={total}
            // It stops once the picture is clear, often well before the most it may ask.
            counter={`Question ${number} · up to ${total}`}
          >
            <AnswerInput
              key={question.id}
              question={question}
              value={answered ? answerValueOf(saved?.answer) : chosen}
              disabled={runner.locked || answered}
              // Typing only fills the draft here (nothing is saved before Next), so no pause is needed.
              shortAnswerDebounceMs={0}
              onChange={(value) => {
                if (!answered) choose(question.id, value);
              }}
            />
            <p className="answer__hint">
              {answered
                ? 'Your answer is saved and final.'
                : 'Answers here are final: once you press Next, this one cannot be changed.'}
            </p>
            {!answered && (
              <div className="diagnostic-dont-know">
                <button
                  type="button"
                  className="button button--secondary button--small quiz__flag"
                  disabled={runner.locked}
                  aria-describedby={DONT_KNOW_HINT_ID}
                  onClick={() => give(question.id, DONT_KNOW)}
                >
                  I don&apos;t know
                </button>
                <p id={DONT_KNOW_HINT_ID} className="diagnostic-dont-know__hint">
                  Not sure? Choose I don&apos;t know: it makes your path more accurate
                </p>
              </div>
            )}
          </QuestionCard>
        </div>
      )}

      <div className="quiz__bar">
        <RunnerStatus runner={runner} clockOffsetMs={session.clockOffsetMs} />
        {answering && !done && question && deciding === null && (
          <div className="quiz__actions">
            <button
              type="button"
              className="button"
              disabled={(!answered && chosen === null) || runner.locked}
              onClick={() => {
                if (answered) moveOn(question.id);
                else {
                  const current = draftRef.current;
                  give(question.id, current?.id === question.id ? current.value : null);
                }
              }}
            >
              Next
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * How far along the diagnostic is: the questions answered against the most it may ask, full once it is
 * done. It adapts and usually stops early, so the words say "up to" and why.
 */
function DiagnosticProgress({ given, most, done }: { given: number; most: number; done: boolean }) {
  return (
    <div className="diagnostic-progress">
      <progress
        className="diagnostic-progress__bar"
        aria-label="Diagnostic progress"
        max={Math.max(most, 1)}
        value={done ? Math.max(most, 1) : given}
      />
      <p className="diagnostic-progress__text">
        {done
          ? `${given} answered: that is enough to know where you stand.`
          : `${given} of at most ${most} answered. It ends as soon as we know where you stand.`}
      </p>
    </div>
  );
}
