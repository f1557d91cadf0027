import { screen, within } from '@testing-library/react';
import { json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { listOf, makeGraph, makeQuestion } from './fixtures.ts';

/** What the assessment-editor*.test.tsx files share: the schools and questions served, and what to read back. */

export const SCHOOLS = [
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
export const QUESTIONS = [
  makeQuestion(),
  makeQuestion({
    id: 502,
    stem: '<p>Which shape has three sides?</p>',
    micro_topic_id: 10,
    micro_topic_name: 'Shapes',
  }),
];

// Role queries over the whole editor are slow in jsdom, slower still when test files run in parallel.
export const SLOW = { timeout: 5000 };

export function serve(write: (request: SeenRequest) => Response | undefined, schools = SCHOOLS) {
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
export const saveState = () =>
  within(screen.getByRole('group', { name: 'Save' })).getByRole('status').textContent;

export const written = (requests: SeenRequest[]) =>
  requests.find((r) => r.method === 'POST' || r.method === 'PUT');
