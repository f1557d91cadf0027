import { physicalSubTopic } from './child-development/physical.ts';
import { socialEmotionalSubTopic } from './child-development/social-emotional.ts';
import { theoriesSubTopic } from './child-development/theories.ts';
import type { CatalogueSubject } from './types.ts';

export const childDevelopment: CatalogueSubject = {
  name: 'Child Development',
  description:
    'How young children grow and learn from birth to eight: the major developmental theories, physical and brain development, and social and emotional development.',
  subTopics: [theoriesSubTopic, physicalSubTopic, socialEmotionalSubTopic],
};
