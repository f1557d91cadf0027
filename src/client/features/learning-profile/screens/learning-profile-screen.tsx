import { ComingSoon } from '../../../app/coming-soon.tsx';

/** `id` is set when a teacher or admin looks at a learner's profile (/admin/learning-profile/{id}). */
export type LearningProfileScreenProps = { id?: string };

export default function LearningProfileScreen({ id }: LearningProfileScreenProps) {
  return (
    <ComingSoon
      text={
        id === undefined
          ? 'Your proficiency by subject, sub topic and micro topic will be charted here.'
          : 'This learner’s proficiency by subject, sub topic and micro topic will be charted here.'
      }
    />
  );
}
