import { ComingSoon } from '../../../app/coming-soon.tsx';
import { ASSESSMENT_NOUN } from './assessment-kind.ts';
import type { AssessmentKind } from './assessment-kind.ts';

export type AssessmentsScreenProps = { kind: AssessmentKind };

export default function AssessmentsScreen({ kind }: AssessmentsScreenProps) {
  return (
    <ComingSoon
      text={`All ${ASSESSMENT_NOUN[kind].many} will be listed here, ready to create, edit and publish.`}
    />
  );
}
