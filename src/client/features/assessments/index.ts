// The assessments feature's public face: the schools an item may target, for the content editor.
export { useTargetSchools } from './use-assessments.ts';
