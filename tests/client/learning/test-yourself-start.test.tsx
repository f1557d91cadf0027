import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { authState } from '../../../src/client/shell/session.ts';
import TestYourselfScreen from '../../../src/client/features/test-yourself/screens/test-yourself-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { GRAPH } from './fixtures.ts';

// Issue 24 item 13: Test Yourself starts with one button for the topics that matter now; the tree waits.

beforeEach(async () => {
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  await clearGetCache();
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(() => {
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('Test Yourself opened from the menu', () => {
  it('starts with one button for the ready topics, the tree behind "Choose topics"', async () => {
    const ready = (id: number, name: string) => ({
      micro_topic_id: id,
      name,
      sub_topic_name: 'Play',
      subject_name: 'Play and learning',
      mastery: 0.2,
      level: 'not_mastered',
      quiz: null,
      materials: [],
    });
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/knowledge-graph') return json(200, GRAPH);
      if (request.url === '/api/my/learning-pathway')
        return json(200, {
          taken_diagnostics: true,
          all_mastered: false,
          // 99 has no questions: it cannot be practised, so it is left out.
          ready: [ready(32, 'Stages of play'), ready(99, 'No questions yet'), ready(41, 'First aid')],
          rechecks: [],
        });
      return undefined;
    });
    renderScreen(<TestYourselfScreen />, { path: '/test-your-self', at: '/test-your-self' });
    const start = await screen.findByRole('button', { name: 'Practise your ready topics (5 questions)' });
    expect(screen.getByRole('region', { name: 'Practise now' }).textContent).toContain(
      '5 questions on Stages of play, First aid.',
    );
    // The tree waits behind "Choose topics".
    const choose = screen.getByRole('button', { name: 'Choose topics' });
    expect(choose.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Topics' })).toBeNull();
    expect(screen.queryByText(/Chosen from your result/)).toBeNull();
    fireEvent.click(choose);
    expect(screen.getByRole('group', { name: 'Topics' })).toBeTruthy();
    expect(screen.getByText('No topics chosen yet.')).toBeTruthy();

    fireEvent.click(start);
    await waitFor(() => expect(requests.some((r) => r.url === '/api/practice')).toBe(true));
    expect(requests.find((r) => r.url === '/api/practice')?.body).toMatchObject({
      micro_topic_ids: [32, 41],
      count: 5,
    });
  });

  it('without ready topics, practises the weakest, and without those any topic', async () => {
    mockFetch((request) => (request.url === '/api/knowledge-graph' ? json(200, GRAPH) : undefined));
    renderScreen(<TestYourselfScreen />, { path: '/test-your-self', at: '/test-your-self' });
    expect(
      await screen.findByRole('button', { name: 'Practise a mix of topics (5 questions)' }),
    ).toBeTruthy();
  });
});
