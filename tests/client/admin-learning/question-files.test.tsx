import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuestionsScreen from '../../../src/client/features/questions/screens/questions-screen.tsx';
import { json, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { listOf, makeGraph, makeQuestion, signIn } from './fixtures.ts';

beforeEach(() => signIn('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PREVIEW = {
  created: 0,
  confirmed: false,
  format: 'moodle_xml',
  already_in_bank: 1,
  rejected: [{ row: 3, title: 'An essay', errors: ['Moodle essay questions are not supported.'] }],
  questions: [
    {
      row: 1,
      title: 'Zone',
      type: 'single_choice',
      micro_topic_id: 11,
      micro_topic_name: 'Counting',
      difficulty: 2,
      practice_only: false,
      stem: '<p>Who described the zone of proximal development?</p>',
      explanation: '',
      content: {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'Vygotsky' },
          { id: 'b', text: 'Piaget' },
        ],
        correct: ['a'],
      },
      images: [],
      notes: [],
      already_in_bank: false,
      id: null,
    },
    {
      row: 2,
      title: 'Play',
      type: 'true_false',
      micro_topic_id: 11,
      micro_topic_name: 'Counting',
      difficulty: 2,
      practice_only: false,
      stem: 'Play is how young children learn.',
      explanation: '',
      content: { type: 'true_false', correct: true },
      images: [],
      notes: ['Already in the bank: not imported again.'],
      already_in_bank: true,
      id: 40,
    },
  ],
};

/** The fields of each multipart import the screen sent. */
function sentForms(fetchMock: ReturnType<typeof mockFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([, init]) => init?.body)
    .filter((body): body is FormData => body instanceof FormData)
    .map((form) => ({ format: form.get('format'), confirm: form.get('confirm'), file: form.get('file') }));
}

describe('Moodle XML, GIFT and CSV files on the question bank', () => {
  it('previews a chosen file; Cancel sends nothing more; Import sends it again with confirm', async () => {
    const { fetchMock } = mockFetch((request) => {
      if (request.method === 'GET' && request.url === '/api/knowledge-graph') return json(200, makeGraph());
      if (request.method === 'GET' && request.url.startsWith('/api/admin/questions?'))
        return json(200, listOf([makeQuestion()]));
      if (request.method === 'POST' && request.url === '/api/admin/questions/import') {
        const form = fetchMock.mock.calls.at(-1)![1]!.body as FormData;
        return json(
          200,
          form.get('confirm') === 'true' ? { ...PREVIEW, created: 1, confirmed: true } : PREVIEW,
        );
      }
      return undefined;
    });
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    await screen.findByRole('link', { name: /^Edit question/ });
    const choose = () =>
      fireEvent.change(screen.getByLabelText('File to import'), {
        target: { files: [new File(['<quiz/>'], 'moodle.xml', { type: 'application/xml' })] },
      });

    choose();
    const preview = await screen.findByRole('region', { name: 'File import preview' });
    expect(preview.textContent).toContain(
      'Nothing is imported until you confirm. 1 question will be imported, 1 already in the bank, 1 rejected.',
    );
    const rows = within(within(preview).getByRole('table', { name: 'Questions in the file' })).getAllByRole(
      'row',
    );
    expect(rows[1]!.textContent).toContain('Single choice');
    expect(rows[1]!.textContent).toContain('Who described the zone of proximal development?');
    expect(rows[2]!.textContent).toContain('Already in the bank');
    expect(within(preview).getByRole('table', { name: 'Rejected' }).textContent).toContain(
      'Moodle essay questions are not supported.',
    );
    expect(sentForms(fetchMock)).toEqual([
      { format: 'moodle_xml', confirm: 'false', file: expect.any(File) },
    ]);

    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'File import preview' })).toBeNull();
    expect(sentForms(fetchMock)).toHaveLength(1);

    choose();
    const again = await screen.findByRole('region', { name: 'File import preview' });
    fireEvent.click(within(again).getByRole('button', { name: 'Import 1 question' }));
    await screen.findByText('1 question imported.');
    expect(sentForms(fetchMock).map((f) => f.confirm)).toEqual(['false', 'false', 'true']);
    expect(screen.queryByRole('region', { name: 'File import preview' })).toBeNull();
  });
});
