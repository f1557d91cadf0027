import type { AnswerInputProps } from './choice-answers.tsx';
import { MultipleChoiceAnswer, SingleChoiceAnswer, TrueFalseAnswer } from './choice-answers.tsx';
import { MatchingAnswer } from './matching-answer.tsx';
import { OrderingAnswer } from './ordering-answer.tsx';
import { ShortAnswer } from './short-answer.tsx';

export type { AnswerInputProps } from './choice-answers.tsx';

/** The answer control for the question's type; each produces that type's AnswerValue. */
export function AnswerInput(props: AnswerInputProps & { shortAnswerDebounceMs?: number }) {
  const { shortAnswerDebounceMs, ...rest } = props;
  switch (rest.question.type) {
    case 'single_choice':
      return <SingleChoiceAnswer {...rest} />;
    case 'multiple_choice':
      return <MultipleChoiceAnswer {...rest} />;
    case 'true_false':
      return <TrueFalseAnswer {...rest} />;
    case 'short_answer':
      return <ShortAnswer {...rest} debounceMs={shortAnswerDebounceMs} />;
    case 'matching':
      return <MatchingAnswer {...rest} />;
    case 'ordering':
      return <OrderingAnswer {...rest} />;
  }
}
