import { familiesSubTopic } from './families-professional-practice/families.ts';
import { inclusionGuidanceSubTopic } from './families-professional-practice/inclusion-guidance.ts';
import { professionalPracticeSubTopic } from './families-professional-practice/professional-practice.ts';
import type { CatalogueSubject } from './types.ts';

export const familiesProfessionalPractice: CatalogueSubject = {
  name: 'Families, Communities and Professional Practice',
  description:
    'Partnering with families and communities, anti-bias education, inclusion and positive guidance, and the ethics and reflective practice of the early childhood professional.',
  subTopics: [familiesSubTopic, inclusionGuidanceSubTopic, professionalPracticeSubTopic],
};
