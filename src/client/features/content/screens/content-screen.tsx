import { ComingSoon } from '../../../app/coming-soon.tsx';
import { CONTENT_NOUN } from '../content-kind.ts';
import type { ContentKind } from '../content-kind.ts';

export type ContentScreenProps = { kind: ContentKind };

export default function ContentScreen({ kind }: ContentScreenProps) {
  return (
    <ComingSoon
      text={`All ${CONTENT_NOUN[kind].many} will be listed here, ready to create, edit and publish.`}
    />
  );
}
