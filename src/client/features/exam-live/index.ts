// The live view of an exam in progress (staff): its screen is reached by its route (app/routes.tsx).
export { fetchExamLive } from './exam-live.api.ts';
