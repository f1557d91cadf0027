import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemsTab } from '../../../src/client/features/reports/components/items-tab.tsx';
import QuestionEditScreen from '../../../src/client/features/questions/screens/question-edit-screen.tsx';
import QuestionsScreen from '../../../src/client/features/questions/screens/questions-screen.tsx';
import type { ItemParameters } from '../../../src/shared/contracts/questions.ts';
import type { ItemRow } from '../../../src/shared/contracts/reports.ts';
import { json, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { listOf, makeGraph, makeQuestion, signIn } from './fixtures.ts';

vi.mock('../../../src/client/components/rich-text-editor/rich-text-editor.tsx', () => ({
  default: ({ value, labelId }: { value: string; labelId: string }) => (
    <textarea aria-labelledby={labelId} value={value} readOnly />
  ),
}));

beforeEach(() => signIn('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FITTED: ItemParameters = {
  slip: 0.081,
  guess: 0.2249,
  dont_know_known: 0.03,
  dont_know_unknown: 0.41,
  answers: 412,
  fitted_at: '2026-11-27T09:00:00.000Z',
};
const FITTED_TEXT =
  "Learned from 412 answers: a student who knows it slips 8%; one who doesn't guesses right 22%; “I don't know”: 3% / 41%";

const fitted = makeQuestion({ id: 501, parameters: FITTED });
const fresh = makeQuestion({
  id: 502,
  stem: '<p>Is a cat a mammal?</p>',
  parameters: { ...FITTED, slip: 0.1, guess: 0.5, answers: 0, fitted_at: null },
});

describe('item parameters shown to admins', () => {
  it('says beside each question of the bank what was learned from its answers, or that its type defaults hold', async () => {
    mockFetch((request) => {
      if (request.url === '/api/knowledge-graph') return json(200, makeGraph());
      if (request.url.startsWith('/api/admin/questions?')) return json(200, listOf([fitted, fresh]));
      return undefined;
    });
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    await screen.findByRole('link', { name: 'Edit question: How many legs has a dog?' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain(FITTED_TEXT);
    expect(rows[1]!.textContent).toContain('Not enough answers yet: type defaults (guess 50%)');
  });

  it('shows them on the question’s edit screen', async () => {
    mockFetch((request) => {
      if (request.url === '/api/knowledge-graph') return json(200, makeGraph());
      if (request.url === '/api/admin/questions/501') return json(200, { question: fitted });
      return undefined;
    });
    renderScreen(<QuestionEditScreen id="501" />, { path: '/admin/question/:id', at: '/admin/question/501' });
    expect((await screen.findByTestId('question-parameters')).textContent).toBe(FITTED_TEXT);
  });

  it('adds them to the item analysis beside its existing columns', async () => {
    const row: ItemRow = {
      position: 1,
      question_id: 501,
      stem: 'How many legs has a dog?',
      type: 'single_choice',
      answered: 30,
      facility: 0.6,
      discrimination: 0.35,
      options: [],
      flags: [],
      parameters: FITTED,
    };
    mockFetch((request) => {
      if (request.url === '/api/admin/reports/assessments')
        return json(200, { data: [{ id: 77, kind: 'quiz', title: 'Counting quiz', attempts: 30 }] });
      if (request.url.startsWith('/api/admin/reports/item-analysis/77'))
        return json(200, {
          assessment: { id: 77, kind: 'quiz', title: 'Counting quiz', attempts: 30 },
          data: [row],
        });
      return undefined;
    });
    renderScreen(<ItemsTab schoolId={undefined} />);
    const table = await screen.findByRole('table', { name: /^Item analysis: Counting quiz/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Guessing and slips');
    expect(headers.slice(-2)).toEqual(['Guessing and slips', 'Flags']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toContain(FITTED_TEXT);
    expect(cells.map((c) => c.textContent)).toContain('60%');
  });
});
