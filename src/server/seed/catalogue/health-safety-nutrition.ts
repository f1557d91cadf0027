import { hygieneSubTopic } from './health-safety-nutrition/hygiene.ts';
import { nutritionSubTopic } from './health-safety-nutrition/nutrition.ts';
import { safetySubTopic } from './health-safety-nutrition/safety.ts';
import type { CatalogueSubject } from './types.ts';

export const healthSafetyNutrition: CatalogueSubject = {
  name: 'Health, Safety and Nutrition',
  description:
    'Keeping children healthy and safe in group care: hygiene and infection control, safe sleep, supervision, emergencies, child protection, nutrition and food safety.',
  subTopics: [hygieneSubTopic, safetySubTopic, nutritionSubTopic],
};
