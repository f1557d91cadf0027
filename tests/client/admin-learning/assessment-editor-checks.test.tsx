import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssessmentEditScreen from '../../../src/client/features/assessments/screens/assessment-edit-screen.tsx';
import { json } from '../helpers.ts';
import { currentLocation, renderScreen, type } from '../render.tsx';
import { QUESTIONS, saveState, SCHOOLS, serve, SLOW, written } from './assessment-editor-fixtures.ts';
import { makeAssessment, makeQuestion, signIn } from './fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

// What the editor checks before sending, and what it shows a teacher (what it sends: assessment-editor.test.tsx).
// The whole editor (bank table, pickers, date inputs) is a large DOM for jsdom's role queries.
describe('the assessment editor', { timeout: 20_000 }, () => {
  it('makes a teacher choose target schools before anything is sent', async () => {
    await signIn('teacher');
    const { requests } = serve(() => undefined);
    renderScreen(<AssessmentEditScreen kind="quiz" />, { path: '/admin/quiz' });
    await screen.findByLabelText(/^Title/, {}, SLOW);
    type(/^Title/, 'Class quiz');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add question: How many legs has a dog?' }, SLOW),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    const schools = screen.getByRole('region', { name: 'Who takes it' });
    expect(await within(schools).findByText('Choose the schools this is for.', {}, SLOW)).toBeTruthy();
    expect(written(requests)).toBeUndefined();
  });

  it('shows every problem of an empty save at once, in the form’s order, with the focus on the first', async () => {
    await signIn('teacher');
    const { requests } = serve(() => undefined);
    renderScreen(<AssessmentEditScreen kind="quiz" />, { path: '/admin/quiz' });
    const title = await screen.findByLabelText(/^Title/, {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    const summary = await screen.findByRole('alert', {
      name: 'The quiz was not saved: 3 things need fixing',
    });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Title: The title must be at least 3 characters.',
      'Questions: Choose at least one question.',
      'Target schools: Choose the schools this is for.',
    ]);
    // Each also under its own field, and the first field has the focus.
    expect(
      within(screen.getByRole('region', { name: 'Details' })).getByText(/at least 3 characters/),
    ).toBeTruthy();
    expect(document.activeElement).toBe(title);
    expect(saveState()).toBe('Not saved: 3 things need fixing');
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Details (1 problem)',
      'Questions (1 problem)',
      'Schedule & attempts',
      'Who takes it (1 problem)',
      'Marking & review',
    ]);
    // A summary link leads to its field.
    fireEvent.click(within(summary).getByRole('link', { name: /^Target schools/ }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Target schools/));
    expect(written(requests)).toBeUndefined();
  });

  it('chooses a teacher’s only school for them, shows it, and sends it', async () => {
    await signIn('teacher');
    const { requests } = serve(
      (request) =>
        request.method === 'POST' ? json(201, { assessment: makeAssessment({ id: 93 }) }) : undefined,
      [SCHOOLS[0]!],
    );
    renderScreen(<AssessmentEditScreen kind="quiz" />, { path: '/admin/quiz' });
    await screen.findByLabelText(/^Title/, {}, SLOW);
    const schools = screen.getByRole('region', { name: 'Who takes it' });
    expect(within(schools).getByText('Sunrise Early Learning (Riverside)')).toBeTruthy();
    // Already chosen is not a change of the user's: nothing is unsaved yet.
    expect(saveState()).toBe('No changes yet');
    type(/^Title/, 'Class quiz');
    expect(saveState()).toBe('Unsaved changes');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add question: How many legs has a dog?' }, SLOW),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    await vi.waitFor(() => expect(written(requests)).toBeDefined(), SLOW);
    expect(written(requests)!.body).toMatchObject({ title: 'Class quiz', school_ids: [4] });
  });

  it('previews a saved quiz with the correct answers and explanations marked', async () => {
    await signIn('admin');
    const question = makeQuestion({ explanation: '<p>Dogs walk on <strong>four</strong> legs.</p>' });
    serve((request) => {
      if (request.url === '/api/admin/assessments/77') return json(200, { assessment: makeAssessment() });
      if (request.url === '/api/admin/assessments/77/preview') return json(200, { questions: [question] });
      return undefined;
    });
    renderScreen(<AssessmentEditScreen kind="quiz" id="77" />, {
      path: '/admin/quiz/:id',
      at: '/admin/quiz/77',
    });

    fireEvent.click(await screen.findByRole('tab', { name: 'Preview' }, SLOW));
    const card = await screen.findByRole('article', { name: 'Question 1' }, SLOW);
    const correct = within(card).getByText('Correct').closest('li')!;
    expect(correct.textContent).toContain('Four');
    expect(within(card).getByRole('region', { name: 'Explanation' }).textContent).toContain(
      'Dogs walk on four legs.',
    );
    // The settings are only hidden: back on the tab, they are as they were.
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Counting quiz');
  });
  it('shows a teacher an assessment they may not edit read-only, without a way to save it', async () => {
    await signIn('teacher');
    const { requests } = serve((request) => {
      if (request.url === '/api/admin/assessments/77')
        return json(200, { assessment: makeAssessment({ can_edit: false, school_ids: [] }) });
      if (request.url === '/api/admin/assessments/77/preview') return json(200, { questions: QUESTIONS });
      return undefined;
    });
    renderScreen(<AssessmentEditScreen kind="quiz" id="77" />, {
      path: '/admin/quiz/:id',
      at: '/admin/quiz/77',
    });

    expect((await screen.findByRole('note', {}, SLOW)).textContent).toContain('only an admin edits it');
    // Disabled by the form's fieldset, as a user agent sees it.
    expect(screen.getByLabelText(/^Title/).matches(':disabled')).toBe(true);
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Counting quiz');
    expect(screen.queryByRole('button', { name: 'Save quiz' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete quiz' })).toBeNull();
    expect(written(requests)).toBeUndefined();
  });

  it('moves a diagnostic opened as a quiz to its own route', async () => {
    await signIn('admin');
    serve((request) => {
      if (request.url === '/api/admin/assessments/5')
        return json(200, {
          assessment: makeAssessment({ id: 5, kind: 'diagnostic', title: 'Starting point' }),
        });
      if (request.url === '/api/admin/assessments/5/preview') return json(200, { questions: QUESTIONS });
      return undefined;
    });
    renderScreen(<AssessmentEditScreen kind="quiz" id="5" />, {
      path: '/admin/quiz/:id',
      at: '/admin/quiz/5',
    });

    await vi.waitFor(() => expect(currentLocation()).toBe('/admin/diagnostic/5'), SLOW);
    expect(screen.queryByRole('button', { name: 'Save quiz' })).toBeNull();
  });
});
