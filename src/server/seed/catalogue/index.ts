import { childDevelopment } from './child-development.ts';
import { familiesProfessionalPractice } from './families-professional-practice.ts';
import { healthSafetyNutrition } from './health-safety-nutrition.ts';
import { observationAssessment } from './observation-assessment.ts';
import { playBasedCurriculum } from './play-based-curriculum.ts';
import type { CatalogueSubject } from './types.ts';

export type * from './types.ts';

/**
 * The demo teaching catalogue in teaching order. Order matters: a micro topic's prerequisites all
 * appear before it, so seeding in this order never references a micro topic not yet inserted.
 */
export const CATALOGUE: CatalogueSubject[] = [
  childDevelopment,
  healthSafetyNutrition,
  playBasedCurriculum,
  observationAssessment,
  familiesProfessionalPractice,
];
