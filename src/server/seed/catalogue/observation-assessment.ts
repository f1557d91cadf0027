import { documentationSubTopic } from './observation-assessment/documentation.ts';
import { methodsSubTopic } from './observation-assessment/methods.ts';
import { principlesSubTopic } from './observation-assessment/principles.ts';
import type { CatalogueSubject } from './types.ts';

export const observationAssessment: CatalogueSubject = {
  name: 'Observation, Assessment and Documentation',
  description:
    'Observing children objectively and ethically, choosing observation methods, and using assessment and documentation to plan and to share learning.',
  subTopics: [principlesSubTopic, methodsSubTopic, documentationSubTopic],
};
