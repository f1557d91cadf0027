// What other features use of schools: the schools a staff member may aim something at.
export { fetchSchoolChoices, useSchoolChoices } from './school-choices.ts';
export type { SchoolChoice } from './school-choices.ts';
