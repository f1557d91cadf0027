import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuestionsScreen from '../../../src/client/features/questions/screens/questions-screen.tsx';
import { json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, renderScreen } from '../render.tsx';
import { listOf, makeGraph, makeQuestion, signIn } from './fixtures.ts';

const CSV =
  'micro_topic,type,difficulty,stem,explanation,options,correct\nCounting,true_false,1,Two is more than one.,,,true\n';

beforeEach(() => signIn('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(extra: (request: SeenRequest) => Response | undefined = () => undefined) {
  return mockFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/knowledge-graph') return json(200, makeGraph());
    if (request.method === 'GET' && request.url.startsWith('/api/admin/questions?'))
      return json(200, listOf([makeQuestion()]));
    return extra(request);
  });
}

function pickFile(text: string) {
  const input = screen.getByLabelText('CSV file to import');
  fireEvent.change(input, { target: { files: [new File([text], 'questions.csv', { type: 'text/csv' })] } });
}

describe('the question bank', () => {
  it('lists questions with links to their editor', async () => {
    serve();
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    const link = await screen.findByRole('link', { name: 'Edit question: How many legs has a dog?' });
    expect(link.getAttribute('href')).toBe('/admin/question/501');
  });

  it('imports the chosen CSV file and reports what was created and each rejected row', async () => {
    const { requests } = serve((request) =>
      request.method === 'POST' && request.url === '/api/admin/questions/import'
        ? json(200, {
            created: 12,
            rejected: [
              { row: 3, errors: ['micro_topic: Unknown micro topic "Countng".'] },
              {
                row: 7,
                errors: ['difficulty: Difficulty must be 1, 2 or 3.', 'stem: The question text is required.'],
              },
            ],
          })
        : undefined,
    );
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    await screen.findByRole('link', { name: /^Edit question/ });
    pickFile(CSV);

    // The file is previewed first; nothing is sent before "Import 1 row".
    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(preview.textContent).toContain('questions.csv holds 1 row after the header.');
    const previewRows = within(within(preview).getByRole('table')).getAllByRole('row');
    expect(
      within(previewRows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'micro_topic', 'type', 'difficulty', 'stem', 'explanation', 'options', 'correct']);
    expect(previewRows[1]!.textContent).toBe('2Countingtrue_false1Two is more than one.true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(preview).getByRole('button', { name: 'Import 1 row' }));

    const report = await screen.findByRole('status', { name: 'Import report' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ csv: CSV });
    expect(screen.queryByRole('region', { name: 'Import preview' })).toBeNull();
    expect(within(report).getByText(/12 questions were created\. 2 rows were rejected/)).toBeTruthy();
    const rows = within(within(report).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['3', '7']);
    expect(within(rows[1]!).getByText('stem: The question text is required.')).toBeTruthy();
    // The list is read again, so the new questions show up.
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/admin/questions?')).length).toBeGreaterThan(1),
    );
  });

  it('says why nothing was imported when the file is refused as a whole', async () => {
    const limit = 'At most 2000 questions per file.';
    serve((request) =>
      request.method === 'POST' ? json(422, { message: limit, errors: { csv: [limit] } }) : undefined,
    );
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    await screen.findByRole('link', { name: /^Edit question/ });
    pickFile(CSV);
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Import preview' })).getByRole('button', {
        name: 'Import 1 row',
      }),
    );

    expect(await screen.findByText(limit)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Import report' })).toBeNull();
  });

  it('shows why a file without the header cannot be imported, and sends nothing', async () => {
    const header =
      'The first row must be the header: micro_topic,type,difficulty,stem,explanation,options,correct,practice_only';
    const { requests } = serve();
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    await screen.findByRole('link', { name: /^Edit question/ });
    pickFile('topic;type\nCounting;true_false\n');

    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(within(preview).getByText(`${header} Nothing can be imported.`)).toBeTruthy();
    expect(within(preview).getByRole('button', { name: 'Import 1 row' })).toHaveProperty('disabled', true);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.queryByRole('status', { name: 'Import report' })).toBeNull();
  });

  it('exports the filtered bank as a CSV file, with the session’s token', async () => {
    const download = vi.fn<(name: string) => void>();
    // jsdom has no blob URLs and does not download; what the browser is asked to save is recorded instead.
    Object.assign(URL, { createObjectURL: () => 'blob:questions', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      download(this.download);
    });
    const { requests } = serve((request) =>
      request.url.startsWith('/api/admin/questions/export')
        ? new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv' } })
        : undefined,
    );
    renderScreen(<QuestionsScreen />, { path: '/admin/questions' });
    await choose('Type', 'True / false');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(download).toHaveBeenCalledWith('pathbuilder-questions.csv'));
    const exported = requests.find((r) => r.url.startsWith('/api/admin/questions/export'))!;
    expect(exported.url).toBe('/api/admin/questions/export?type=true_false');
    expect(exported.headers.get('Authorization')).toBe('Bearer admin-token');
  });
});
