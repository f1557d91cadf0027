// The learning feature's public face: mastery as numbers, bars and charts.

// The dashboard's card and its read (the dashboard's first card names the pathway's first step from it).
export { LearningCard } from './components/learning-card.tsx';
export { fetchMySummary } from './learning-summary.api.ts';
// Bars, the history chart, the reads and the words for a level (the learning pathway and profile).
export { MasteryBar } from './components/mastery-bar.tsx';
export { MasteryHistoryChart } from './components/mastery-history-chart.tsx';
export { fetchMyPathway, fetchMyProfile, fetchStudentProfile } from './learning.api.ts';
export { formatDateTime, LEVEL_LABELS, masteredText, percentOf } from './mastery-format.ts';
