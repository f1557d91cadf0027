// The questions feature's public face: picking and showing questions, for the assessment editor.
export { QuestionCard } from './components/question-card.tsx';
export { GroupErrors, ListButtons } from './components/list-buttons.tsx';
export { QuestionPicker } from './components/question-picker.tsx';
export { shortStem } from './components/question-table.tsx';
export { moveItem } from './question-draft.ts';
