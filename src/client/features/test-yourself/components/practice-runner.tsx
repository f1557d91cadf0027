import { useState } from 'react';
import {
  answerValueOf,
  type AnswerValue,
  type Feedback,
  type StudentQuestion,
} from '../../../../shared/contracts/attempts.ts';
import { Loading } from '../../../components/loading.tsx';
import { RichHtml } from '../../../components/rich-html.tsx';
import type { SessionData } from '../../quiz/index.ts';
import {
  isAnswered,
  AnswerInput,
  PreviousButton,
  QuestionCard,
  SyncStatus,
  useOnline,
  useAttemptRunner,
} from '../../quiz/index.ts';

function FeedbackPanel({ feedback }: { feedback: Feedback }) {
  return (
    <div className={`feedback${feedback.correct ? '' : ' feedback--wrong'}`} role="status">
      <p className="feedback__verdict">
        <strong>{feedback.correct ? 'Correct!' : 'Not quite.'}</strong>
      </p>
      {!feedback.correct && (
        <p>
          The correct answer: <strong>{feedback.correct_answer}</strong>
        </p>
      )}
      {feedback.explanation && <RichHtml html={feedback.explanation} />}
    </div>
  );
}

/** One practice question: answer, check, and the feedback right after. */
function PracticeQuestion({
  question,
  saved,
  feedback,
  onCheck,
  disabled,
}: {
  question: StudentQuestion;
  saved: AnswerValue | null;
  feedback: Feedback | undefined;
  onCheck: (value: AnswerValue) => void;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState<AnswerValue | null>(saved);
  const online = useOnline();
  const checked = saved !== null;
  return (
    <>
      <AnswerInput
        question={question}
        value={checked ? saved : draft}
        onChange={setDraft}
        disabled={disabled || checked}
        right={checked ? feedback?.correct_value : undefined}
        shortAnswerDebounceMs={0}
      />
      {!checked && (
        <button
          type="button"
          className="button quiz__flag"
          disabled={disabled || draft === null}
          onClick={() => draft && onCheck(draft)}
        >
          Check answer
        </button>
      )}
      {checked && feedback && <FeedbackPanel feedback={feedback} />}
      {checked && !feedback && (
        <p className="notice" role="status">
          {online
            ? 'Checking your answer...'
            : 'You are offline: the feedback appears once you are back online.'}
        </p>
      )}
    </>
  );
}

/** Test Yourself: one question at a time with immediate feedback, then a summary. */
export function PracticeRunner({ session, onFinished }: { session: SessionData; onFinished: () => void }) {
  const runner = useAttemptRunner(session, onFinished);
  const { attempt, answers, position, feedback, phase } = runner;
  const total = attempt.questions.length;
  const question = attempt.questions[position];
  const answeredCount = attempt.questions.filter((q) => isAnswered(answers[q.id])).length;
  const current = question ? answers[question.id] : undefined;
  const last = position >= total - 1;

  return (
    <div className="practice">
      <div className="quiz__header">
        <p className="quiz__title">
          {answeredCount} of {total} answered
        </p>
        <SyncStatus attemptId={attempt.id} />
      </div>
      {(phase === 'submitting' || phase === 'submitted') && (
        <Loading variant="inline" label="Preparing your summary..." />
      )}
      {phase === 'waiting-sync' && (
        <div className="card card--accent" role="status">
          <h2 className="card__title">Submitted — waiting to sync</h2>
          <p>Your summary appears as soon as you are back online.</p>
        </div>
      )}
      {phase === 'answering' && question && (
        <>
          <QuestionCard question={question} number={position + 1} total={total}>
            <PracticeQuestion
              key={question.id}
              question={question}
              saved={answerValueOf(current?.answer)}
              feedback={feedback[String(question.id)]}
              disabled={runner.locked}
              onCheck={(value) => runner.answer(question.id, value)}
            />
          </QuestionCard>
          <div className="quiz__actions">
            <PreviousButton runner={runner} />
            {!last && (
              <button
                type="button"
                className={isAnswered(current) ? 'button' : 'button button--secondary'}
                onClick={() => runner.goTo(position + 1)}
              >
                Next question
              </button>
            )}
            <button
              type="button"
              className={
                last && isAnswered(current) ? 'button quiz__submit' : 'button button--secondary quiz__submit'
              }
              onClick={() => void runner.submit({ confirm: answeredCount < total })}
            >
              {answeredCount < total ? 'Finish now' : 'See my summary'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
