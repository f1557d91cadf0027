import { ComingSoon } from '../../../app/coming-soon.tsx';

/** Without `id` the screen creates a new user. */
export type UserEditScreenProps = { id?: string };

export default function UserEditScreen({ id }: UserEditScreenProps) {
  return (
    <ComingSoon
      text={
        id === undefined
          ? 'A form to add a user will be here.'
          : 'The details and school of this user will be editable here.'
      }
    />
  );
}
