import { ComingSoon } from '../../../app/coming-soon.tsx';

/** Without `id` the screen creates a new school. */
export type SchoolEditScreenProps = { id?: string };

export default function SchoolEditScreen({ id }: SchoolEditScreenProps) {
  return (
    <ComingSoon
      text={
        id === undefined
          ? 'A form to add a school will be here.'
          : 'The name and location of this school will be editable here.'
      }
    />
  );
}
