import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssessmentEditScreen from '../../../src/client/features/assessments/screens/assessment-edit-screen.tsx';
import { assessmentBodySchema } from '../../../src/shared/contracts/assessments.ts';
import { json } from '../helpers.ts';
import { choose, currentLocation, renderScreen, type } from '../render.tsx';
import { serve, SLOW, written } from './assessment-editor-fixtures.ts';
import { makeAssessment, signIn } from './fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

// What the editor sends and how it keeps the form (what it checks and shows: assessment-editor-checks.test.tsx).
// The whole editor (bank table, pickers, date inputs) is a large DOM for jsdom's role queries.
describe('the assessment editor', { timeout: 20_000 }, () => {
  it('sends every setting in the shape of the contract', async () => {
    await signIn('admin');
    const { requests } = serve((request) =>
      request.method === 'POST' && request.url === '/api/admin/assessments'
        ? json(201, { assessment: makeAssessment({ id: 91 }) })
        : undefined,
    );
    renderScreen(<AssessmentEditScreen kind="quiz" />, { path: '/admin/quiz' });

    type(/^Title/, 'Shapes and counting');
    type('Description', 'A short warm-up.');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add question: How many legs has a dog?' }, SLOW),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add question: Which shape has three sides?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    fireEvent.click(screen.getByLabelText('Shuffle options'));
    type('Time limit (minutes)', '20');
    fireEvent.click(screen.getByLabelText('Unlimited attempts'));
    type('Pass mark (%)', '75');
    type('Offline grace (minutes)', '5');
    await choose('Show answers and explanations', 'Never (score only)');
    await choose('Target schools', 'Little Acorns (Hillview)');
    fireEvent.click(screen.getByLabelText('Published (students can see it)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    await vi.waitFor(() => expect(currentLocation()).toBe('/admin/quiz/91'), SLOW);
    const body = written(requests)!.body;
    expect(body).toEqual({
      kind: 'quiz',
      title: 'Shapes and counting',
      description: 'A short warm-up.',
      selection: 'fixed',
      question_ids: [502, 501],
      draws: [],
      shuffle_questions: false,
      shuffle_options: true,
      time_limit_minutes: 20,
      opens_at: null,
      closes_at: null,
      attempts_allowed: null,
      pass_mark: 75,
      review_policy: 'never',
      offline_grace_minutes: 5,
      school_ids: [5],
      published: true,
    });
    expect(assessmentBodySchema.safeParse(body).success).toBe(true);
  });

  it('keeps the window and sends random draws when editing a saved exam', async () => {
    await signIn('admin');
    const exam = makeAssessment({
      id: 12,
      kind: 'exam',
      title: 'End of term exam',
      selection: 'random',
      question_ids: [],
      draws: [{ micro_topic_id: 10, count: 2 }],
      opens_at: '2025-03-01T08:00:00.000Z',
      closes_at: '2025-03-01T10:30:00.000Z',
      school_ids: [4],
    });
    const { requests } = serve((request) => {
      if (request.method === 'GET' && request.url === '/api/admin/assessments/12')
        return json(200, { assessment: exam });
      if (request.method === 'PUT') return json(200, { assessment: exam });
      return undefined;
    });
    renderScreen(<AssessmentEditScreen kind="exam" id="12" />, {
      path: '/admin/exam/:id',
      at: '/admin/exam/12',
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Add micro topic' }, SLOW));
    await choose('Micro topic 2', 'Letters (Literacy) · 3 questions');
    type('Questions to draw from micro topic 2', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save exam' }));

    await vi.waitFor(() => expect(written(requests)).toBeDefined(), SLOW);
    const body = written(requests)!.body;
    expect(written(requests)!.url).toBe('/api/admin/assessments/12');
    expect(body).toMatchObject({
      kind: 'exam',
      selection: 'random',
      question_ids: [],
      draws: [
        { micro_topic_id: 10, count: 2 },
        { micro_topic_id: 20, count: 3 },
      ],
      opens_at: '2025-03-01T08:00:00.000Z',
      closes_at: '2025-03-01T10:30:00.000Z',
      school_ids: [4],
    });
    expect(assessmentBodySchema.safeParse(body).success).toBe(true);
  });

  it('shows the server’s field errors and keeps the form as it was', async () => {
    await signIn('admin');
    serve((request) =>
      request.method === 'POST'
        ? json(422, {
            message: 'Choose at least one question.',
            errors: {
              question_ids: ['Choose at least one question.'],
              closes_at: ['The closing time must be after the opening time.'],
            },
          })
        : undefined,
    );
    renderScreen(<AssessmentEditScreen kind="quiz" />, { path: '/admin/quiz' });
    type(/^Title/, 'Empty quiz');
    // Right as far as the browser can tell: only the server can refuse it.
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add question: How many legs has a dog?' }, SLOW),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    const questions = screen.getByRole('region', { name: 'Questions' });
    expect(await within(questions).findByText('Choose at least one question.', {}, SLOW)).toBeTruthy();
    const schedule = screen.getByRole('region', { name: 'Schedule & attempts' });
    expect(within(schedule).getByText('The closing time must be after the opening time.')).toBeTruthy();
    // Both in the summary too, in the order of the form, each leading to its field.
    const summary = screen.getByRole('alert', { name: /^The quiz was not saved/ });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Questions: Choose at least one question.',
      'Closes at: The closing time must be after the opening time.',
    ]);
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Empty quiz');
  });

  it('leaves a blank draw row out of the save, and shows the server’s row errors on the right row', async () => {
    await signIn('admin');
    const { requests } = serve((request) =>
      request.method === 'POST'
        ? json(422, {
            message: 'Too many.',
            errors: { 'draws.0.count': ['Letters has 3 questions; cannot draw 4.'] },
          })
        : undefined,
    );
    renderScreen(<AssessmentEditScreen kind="quiz" />, { path: '/admin/quiz' });
    type(/^Title/, 'Random warm-up');
    fireEvent.click(screen.getByLabelText('Random draw per micro topic'));
    // The first row stays as it came (blank); the second is filled in.
    fireEvent.click(await screen.findByRole('button', { name: 'Add micro topic' }, SLOW));
    await choose('Micro topic 2', 'Letters (Literacy) · 3 questions');
    type('Questions to draw from micro topic 2', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Save quiz' }));

    await vi.waitFor(() => expect(written(requests)).toBeDefined(), SLOW);
    expect(written(requests)!.body).toMatchObject({ draws: [{ micro_topic_id: 20, count: 4 }] });
    const count = screen.getByLabelText('Questions to draw from micro topic 2');
    await vi.waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(count.closest('.field')!).getByText('Letters has 3 questions; cannot draw 4.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(count);
  });

  it('asks before Cancel throws away changes, and leaves at once when there are none', async () => {
    await signIn('admin');
    serve(() => undefined);
    render(
      <MemoryRouter initialEntries={['/admin/quiz']}>
        <DialogHost />
        <Routes>
          <Route path="/admin/quiz" element={<AssessmentEditScreen kind="quiz" />} />
          <Route path="/admin/quizzes" element={<p>The quiz list</p>} />
        </Routes>
      </MemoryRouter>,
    );
    type(/^Title/, 'Half done');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(confirm.textContent).toContain('Leave without saving? Your changes to this quiz are lost.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Half done');

    type(/^Title/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The quiz list')).toBeTruthy();
  });
});
