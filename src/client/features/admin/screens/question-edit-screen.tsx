import { ComingSoon } from '../../../app/coming-soon.tsx';

/** Without `id` the screen creates a new question. */
export type QuestionEditScreenProps = { id?: string };

export default function QuestionEditScreen({ id }: QuestionEditScreenProps) {
  return (
    <ComingSoon
      text={
        id === undefined
          ? 'A form to add a question will be here.'
          : 'The text, answers and explanation of this question will be editable here.'
      }
    />
  );
}
