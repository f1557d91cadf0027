import { ComingSoon } from '../../../app/coming-soon.tsx';
import { CONTENT_NOUN } from '../content-kind.ts';
import type { ContentKind } from '../content-kind.ts';

/** Without `id` the screen creates a new one of `kind`. */
export type ContentEditScreenProps = { kind: ContentKind; id?: string };

export default function ContentEditScreen({ kind, id }: ContentEditScreenProps) {
  const noun = CONTENT_NOUN[kind].one;
  return (
    <ComingSoon
      text={
        id === undefined
          ? `A form to add a ${noun} will be here.`
          : `The details and attachments of this ${noun} will be editable here.`
      }
    />
  );
}
