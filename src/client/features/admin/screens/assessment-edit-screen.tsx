import { ComingSoon } from '../../../app/coming-soon.tsx';
import { ASSESSMENT_NOUN } from './assessment-kind.ts';
import type { AssessmentKind } from './assessment-kind.ts';

/** Without `id` the screen creates a new one of `kind`. */
export type AssessmentEditScreenProps = { kind: AssessmentKind; id?: string };

export default function AssessmentEditScreen({ kind, id }: AssessmentEditScreenProps) {
  const { one: noun, article } = ASSESSMENT_NOUN[kind];
  return (
    <ComingSoon
      text={
        id === undefined
          ? `A form to create ${article} ${noun} will be here.`
          : `The settings and questions of this ${noun} will be editable here.`
      }
    />
  );
}
