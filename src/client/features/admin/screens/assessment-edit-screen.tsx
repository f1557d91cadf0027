import { ComingSoon } from '../../../app/coming-soon.tsx';
import { ASSESSMENT_NOUN } from './assessment-kind.ts';
import type { AssessmentKind } from './assessment-kind.ts';

/** Without `id` the screen creates a new one of `kind`. */
export type AssessmentEditScreenProps = { kind: AssessmentKind; id?: string };

export default function AssessmentEditScreen({ kind, id }: AssessmentEditScreenProps) {
  const noun = ASSESSMENT_NOUN[kind].one;
  return (
    <ComingSoon
      text={
        id === undefined
          ? `A form to create a ${noun} will be here.`
          : `The settings and questions of this ${noun} will be editable here.`
      }
    />
  );
}
