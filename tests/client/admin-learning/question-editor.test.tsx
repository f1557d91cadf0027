import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuestionEditScreen from '../../../src/client/features/questions/screens/question-edit-screen.tsx';
import { json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, currentLocation, renderScreen, type } from '../render.tsx';
import { makeGraph, makeQuestion, signIn } from './fixtures.ts';

const OPTION_ID = expect.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

// The rich-text editor (TipTap, a contenteditable) stands in as a textarea named by the same label: these tests
// are about the form; typing into the real editor is covered in the browser (tests/e2e/authoring.spec.ts).
vi.mock('../../../src/client/components/rich-text-editor/rich-text-editor.tsx', () => ({
  default: ({
    value,
    onChange,
    labelId,
    name,
  }: {
    value: string;
    onChange: (v: string) => void;
    labelId: string;
    name: string;
  }) => (
    <textarea
      aria-labelledby={labelId}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  ),
}));

beforeEach(() => signIn('admin'));
afterEach(() => vi.unstubAllGlobals());

function serve(write: (request: SeenRequest) => Response | undefined) {
  return mockFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/knowledge-graph') return json(200, makeGraph());
    if (request.method === 'GET' && request.url === '/api/admin/questions/501')
      return json(200, { question: makeQuestion() });
    return write(request);
  });
}

const created = (request: SeenRequest) =>
  request.method === 'POST' && request.url === '/api/admin/questions'
    ? json(201, { question: makeQuestion({ id: 601 }) })
    : undefined;

async function startNew(questionType: string) {
  renderScreen(<QuestionEditScreen />, { path: '/admin/question' });
  await choose(/^Micro topic/, 'Counting (Mathematics › Number)');
  await choose(/^Question type/, questionType);
  type(/^Question text/, 'Match the <strong>animal</strong> to its baby.');
}

const saved = (requests: SeenRequest[]) => requests.find((r) => r.method !== 'GET')?.body;

describe('the question editor', () => {
  it('builds matching content from the pairs as written', async () => {
    const { requests } = serve(created);
    await startNew('Matching');
    type('Left 1', 'Cat');
    type('Right 1', 'Kitten');
    type('Left 2', 'Dog');
    type('Right 2', 'Puppy');
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await vi.waitFor(() => expect(currentLocation()).toBe('/admin/question/601'));
    expect(saved(requests)).toEqual({
      micro_topic_id: 11,
      difficulty: 1,
      stem: 'Match the <strong>animal</strong> to its baby.',
      explanation: '',
      image_url: null,
      practice_only: false,
      content: {
        type: 'matching',
        pairs: [
          { left_id: OPTION_ID, left: 'Cat', right_id: OPTION_ID, right: 'Kitten' },
          { left_id: OPTION_ID, left: 'Dog', right_id: OPTION_ID, right: 'Puppy' },
        ],
      },
    });
  });

  it('marks a Test Yourself question when the author ticks it', async () => {
    const { requests } = serve(created);
    await startNew('Ordering');
    type('Item 1', 'Egg');
    type('Item 2', 'Caterpillar');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Test Yourself question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await vi.waitFor(() => expect(saved(requests)).toBeDefined());
    expect((saved(requests) as { practice_only: boolean }).practice_only).toBe(true);
  });

  it('sends ordering items in the order the author arranged them', async () => {
    const { requests } = serve(created);
    await startNew('Ordering');
    type('Item 1', 'Egg');
    type('Item 2', 'Butterfly');
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    type('Item 3', 'Caterpillar');
    fireEvent.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await vi.waitFor(() => expect(saved(requests)).toBeDefined());
    const body = saved(requests) as { content: { type: string; items: { id: string; text: string }[] } };
    expect(body.content.type).toBe('ordering');
    expect(body.content.items.map((i) => i.text)).toEqual(['Egg', 'Caterpillar', 'Butterfly']);
    expect(new Set(body.content.items.map((i) => i.id)).size).toBe(3);
  });

  it('marks the correct option of a choice question by its id, and keeps options across type changes', async () => {
    const { requests } = serve(created);
    await startNew('Single choice');
    type('Option 1', 'Two');
    type('Option 2', 'Four');
    fireEvent.click(screen.getByLabelText('Option 2 is correct'));
    await choose(/^Question type/, 'True / false');
    await choose(/^Question type/, 'Single choice');
    expect((screen.getByLabelText('Option 2') as HTMLInputElement).value).toBe('Four');
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await vi.waitFor(() => expect(saved(requests)).toBeDefined());
    const { content } = saved(requests) as {
      content: { options: { id: string; text: string }[]; correct: string[] };
    };
    expect(content.options.map((o) => o.text)).toEqual(['Two', 'Four']);
    expect(content.correct).toEqual([content.options[1]!.id]);
  });

  it('starts with two option rows, sends none left blank, and puts the server’s errors on the rows shown', async () => {
    const { requests } = serve((request) =>
      request.method === 'POST'
        ? json(422, {
            message: 'The option 2 may be at most 500 characters.',
            errors: { 'content.options.1.text': ['The option 2 may be at most 500 characters.'] },
          })
        : undefined,
    );
    await startNew('Single choice');
    expect(screen.getAllByLabelText(/^Option \d$/)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    type('Option 1', 'Two');
    type('Option 3', 'Four');
    fireEvent.click(screen.getByLabelText('Option 3 is correct'));
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await vi.waitFor(() => expect(saved(requests)).toBeDefined());
    const { content } = saved(requests) as { content: { options: { text: string }[]; correct: string[] } };
    expect(content.options.map((o) => o.text)).toEqual(['Two', 'Four']);
    expect(content.correct).toHaveLength(1);
    // The server's second option is the third row on screen.
    const option3 = await screen.findByLabelText('Option 3');
    await vi.waitFor(() => expect(option3.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Option 2').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server’s errors next to the fields and loses nothing that was typed', async () => {
    const { requests } = serve((request) =>
      request.method === 'POST'
        ? json(422, {
            message: 'Every item on each side must be different.',
            errors: {
              'content.pairs': ['Every item on each side must be different.'],
              'content.pairs.1.right': ['This field is required.'],
              explanation: ['The explanation may be at most 5000 characters.'],
            },
          })
        : undefined,
    );
    await startNew('Matching');
    type('Left 1', 'Cat');
    type('Right 1', 'Kitten');
    type('Left 2', 'Cat');
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    const pairs = (await screen.findByText('Matching pairs')).closest('fieldset')!;
    expect(await within(pairs).findByText('Every item on each side must be different.')).toBeTruthy();
    const right2 = screen.getByLabelText('Right 2');
    expect(right2.getAttribute('aria-invalid')).toBe('true');
    expect(within(right2.closest('.field')!).getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('The explanation may be at most 5000 characters.')).toBeTruthy();
    expect((screen.getByLabelText('Left 2') as HTMLInputElement).value).toBe('Cat');
    expect((screen.getByLabelText(/^Question text/) as HTMLTextAreaElement).value).toBe(
      'Match the <strong>animal</strong> to its baby.',
    );
    expect(currentLocation()).toBe('/admin/question');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('previews only the markup the server keeps', async () => {
    serve(() => undefined);
    renderScreen(<QuestionEditScreen />, { path: '/admin/question' });
    type(/^Question text/, 'Is <strong>this</strong> <img src=x onerror=alert(1)> safe?');

    const preview = await screen.findByTestId('stem-preview');
    expect(preview.querySelector('strong')?.textContent).toBe('this');
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('opens a stored question as the author wrote it and saves it with PUT', async () => {
    const { requests } = serve((request) =>
      request.method === 'PUT' && request.url === '/api/admin/questions/501'
        ? json(200, { question: makeQuestion() })
        : undefined,
    );
    renderScreen(<QuestionEditScreen id="501" />, { path: '/admin/question/:id', at: '/admin/question/501' });

    expect(((await screen.findByLabelText('Option 2')) as HTMLInputElement).value).toBe('Four');
    expect((screen.getByLabelText('Option 2 is correct') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));

    await vi.waitFor(() => expect(saved(requests)).toBeDefined());
    expect(saved(requests)).toMatchObject({
      micro_topic_id: 11,
      stem: '<p>How many legs has a dog?</p>',
      content: { type: 'single_choice', correct: ['optB'] },
    });
  });
});
