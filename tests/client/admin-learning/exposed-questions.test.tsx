import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AssessmentEditScreen from '../../../src/client/features/assessments/screens/assessment-edit-screen.tsx';
import { assessmentBodySchema } from '../../../src/shared/contracts/assessments.ts';
import { json, mockFetch } from '../helpers.ts';
import { currentLocation, renderScreen } from '../render.tsx';
import { listOf, makeAssessment, makeGraph, makeQuestion, signIn } from './fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 5000 };
/** The Save bar's button (text queries: role queries over the whole builder are slow in jsdom). */
const save = () => screen.getByText('Save exam', { selector: 'button' });
const TICK = 'Use these questions anyway, knowing some students have seen their answers';
const REFUSAL =
  'Test Yourself has already shown the answers of 1 question in these questions to students this exam is for: ' +
  '#501 “How many legs has a dog?” (2 students). Choose other questions, or confirm that you want to use them anyway.';

/**
 * The server refuses an exam holding questions whose answers Test Yourself has shown (422 on confirm_exposed):
 * the builder shows what it said with a box to tick, and sends the confirmation only once it is ticked, and
 * only for the questions it was ticked for.
 */
describe('an exam with questions Test Yourself has shown', { timeout: 45_000 }, () => {
  it('warns, asks for a tick, and sends the confirmation with the next save', async () => {
    await signIn('admin');
    const bodies: unknown[] = [];
    mockFetch((request) => {
      if (request.method === 'GET') {
        if (request.url === '/api/knowledge-graph') return json(200, makeGraph());
        if (request.url.startsWith('/api/admin/schools?')) return json(200, listOf([]));
        if (request.url.startsWith('/api/admin/questions?'))
          return json(200, listOf([makeQuestion(), makeQuestion({ id: 502, stem: '<p>Which shape?</p>' })]));
      }
      if (request.method === 'POST' && request.url === '/api/admin/assessments') {
        bodies.push(request.body);
        return (request.body as { confirm_exposed?: boolean }).confirm_exposed
          ? json(201, { assessment: makeAssessment({ id: 77, kind: 'exam' }) })
          : json(422, { message: REFUSAL, errors: { confirm_exposed: [REFUSAL] } });
      }
      return undefined;
    });
    renderScreen(<AssessmentEditScreen kind="exam" />, { path: '/admin/exam' });

    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Term exam' } });
    fireEvent.click(await screen.findByLabelText('Add question: How many legs has a dog?', undefined, SLOW));
    fireEvent.click(save());

    const tick = (await screen.findByLabelText(TICK, undefined, SLOW)) as HTMLInputElement;
    expect(tick.closest('[aria-label="Answers already shown"]')!.textContent).toContain(
      '#501 “How many legs has a dog?” (2 students)',
    );
    expect(tick.checked).toBe(false);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('confirm_exposed');

    // Ticked, then the questions change: the tick covered the questions it was given for, so it clears.
    fireEvent.click(tick);
    expect(tick.checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Add question: Which shape?'));
    expect(tick.checked).toBe(false);
    fireEvent.click(save());
    await vi.waitFor(() => expect(bodies).toHaveLength(2), SLOW);
    expect(bodies[1]).not.toHaveProperty('confirm_exposed');

    // Refused again (the new question's set was never confirmed): tick for it, and save.
    await vi.waitFor(() => expect(screen.queryByLabelText(TICK)).not.toBeNull(), SLOW);
    fireEvent.click(screen.getByLabelText(TICK));
    fireEvent.click(save());
    await vi.waitFor(() => expect(currentLocation()).toBe('/admin/exam/77'), SLOW);
    expect(bodies[2]).toMatchObject({ kind: 'exam', question_ids: [501, 502], confirm_exposed: true });
    expect(assessmentBodySchema.safeParse(bodies[2]).success).toBe(true);
  });
});
