import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssessmentEditScreen from '../../../src/client/features/assessments/screens/assessment-edit-screen.tsx';
import { assessmentBodySchema } from '../../../src/shared/contracts/assessments.ts';
import { json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, currentLocation, renderScreen, type } from '../render.tsx';
import { listOf, makeAssessment, makeGraph, makeQuestion, signIn } from './fixtures.ts';

const SCHOOLS = [
  {
    id: 4,
    name: 'Sunrise Early Learning',
    location_id: 1,
    location_name: 'Riverside',
    student_count: 9,
    teacher_count: 1,
  },
  {
    id: 5,
    name: 'Little Acorns',
    location_id: 2,
    location_name: 'Hillview',
    student_count: 4,
    teacher_count: 1,
  },
];
const QUESTIONS = [
  makeQuestion(),
  makeQuestion({
    id: 502,
    stem: '<p>Which shape has three sides?</p>',
    micro_topic_id: 10,
    micro_topic_name: 'Shapes',
  }),
];

afterEach(() => vi.unstubAllGlobals());

// Role queries over the whole editor are slow in jsdom, slower still when test files run in parallel.
const SLOW = { timeout: 5000 };

function serve(write: (request: SeenRequest) => Response | undefined, schools = SCHOOLS) {
  return mockFetch((request) => {
    if (request.method === 'GET') {
      if (request.url === '/api/knowledge-graph') return json(200, makeGraph());
      if (request.url.startsWith('/api/admin/schools?')) return json(200, listOf(schools));
      if (request.url.startsWith('/api/admin/questions?')) return json(200, listOf(QUESTIONS));
    }
    return write(request);
  });
}

/** What the Save bar says about the form. */
const saveState = () => within(screen.getByRole('group', { name: 'Save' })).getByRole('status').textContent;

const written = (requests: SeenRequest[]) => requests.find((r) => r.method === 'POST' || r.method === 'PUT');

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
