import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import KnowledgeGraphScreen from '../../../src/client/features/knowledge-graph/screens/knowledge-graph-screen.tsx';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, renderScreen } from '../render.tsx';
import { makeGraph, signIn } from './fixtures.ts';

const CYCLE = 'That would make a cycle: Shapes → Letters → Counting → Shapes.';

beforeEach(() => signIn('admin'));
afterEach(() => vi.unstubAllGlobals());

function serve(write: (request: SeenRequest) => Response | undefined) {
  return mockFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/knowledge-graph') return json(200, makeGraph());
    return write(request);
  });
}

/** Opens a row's actions menu and picks one of its actions. */
async function rowAction(row: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${row}` }));
  const menu = screen.getByRole('menu', { name: `Actions for ${row}` });
  fireEvent.click(within(menu).getByRole('menuitem', { name: action }));
}

function renderGraphScreen() {
  return renderScreen(
    <>
      <DialogHost />
      <KnowledgeGraphScreen />
    </>,
    { path: '/admin/knowledge-graph' },
  );
}

describe('the knowledge graph screen', () => {
  it('shows the server’s cycle message under the prerequisites and keeps the edit', async () => {
    const { requests } = serve((request) =>
      request.method === 'PUT' && request.url === '/api/admin/micro-topics/10'
        ? json(422, { message: CYCLE, errors: { prerequisite_ids: [CYCLE] } })
        : undefined,
    );
    renderGraphScreen();

    await rowAction('Shapes', 'Edit');
    const editor = screen.getByRole('dialog', { name: /Edit micro topic: Shapes/ });
    await choose('Prerequisites', 'Letters (Literacy › Reading)');
    fireEvent.click(within(editor).getByRole('button', { name: 'Save micro topic' }));

    expect(await within(editor).findByText(CYCLE)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      sub_topic_id: 100,
      name: 'Shapes',
      description: '',
      prerequisite_ids: [20],
    });
    // The editor stays open with what was chosen, so the admin can correct it.
    expect(within(editor).getByText('Letters (Literacy › Reading)')).toBeTruthy();
  });

  it('asks before deleting and shows the server’s refusal when questions use the topic', async () => {
    const refusal = 'This micro topic is used by 3 questions. Move or delete them first.';
    const { requests } = serve((request) =>
      request.method === 'DELETE' && request.url === '/api/admin/micro-topics/11'
        ? json(409, { message: refusal })
        : undefined,
    );
    renderGraphScreen();

    await rowAction('Counting', 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Counting' })).toBeTruthy();
  });

  it('moves a sibling by sending every sibling id in the new order', async () => {
    const { requests } = serve((request) =>
      request.method === 'PUT' && request.url === '/api/admin/knowledge-graph/order'
        ? json(204, undefined)
        : undefined,
    );
    renderGraphScreen();

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Mathematics' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Mathematics' });
    // The first subject cannot go up: the action is there, but inert.
    expect(within(menu).getByRole('menuitem', { name: 'Move up' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Move up' }));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(screen.getByRole('menu', { name: 'Actions for Mathematics' })).toBe(menu);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Move down' }));
    await vi.waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ level: 'subject', ids: [2, 1] }),
    );
  });

  it('runs a row’s menu from the keyboard: arrows move, Escape closes and gives the focus back', async () => {
    const { requests } = serve((request) =>
      request.method === 'PUT' && request.url === '/api/admin/knowledge-graph/order'
        ? json(204, undefined)
        : undefined,
    );
    renderGraphScreen();

    const button = await screen.findByRole('button', { name: 'Actions for Literacy' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Actions for Literacy' });
    const items = within(menu).getAllByRole('menuitem');
    // Delete comes last, apart from the rest.
    expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Move up', 'Move down', 'Delete']);
    expect(within(menu).getAllByRole('separator')).toHaveLength(1);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[3]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    // Reordering by keyboard: open, go to Move up, press it.
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const again = screen.getByRole('menu', { name: 'Actions for Literacy' });
    fireEvent.keyDown(again, { key: 'ArrowDown' });
    const moveUp = within(again).getByRole('menuitem', { name: 'Move up' });
    expect(document.activeElement).toBe(moveUp);
    fireEvent.click(moveUp);
    await vi.waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ level: 'subject', ids: [2, 1] }),
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('draws the map and opens a topic’s editor from its node', async () => {
    serve(() => undefined);
    renderGraphScreen();

    fireEvent.click(await screen.findByRole('tab', { name: 'Prerequisite map' }));
    const map = screen.getByRole('group', { name: 'Prerequisite map' });
    const counting = within(map).getByRole('button', { name: /^Counting, Mathematics, level 2/ });
    fireEvent.focus(counting);
    expect(screen.getByText(/Counting: needs Shapes; unlocks Letters\./)).toBeTruthy();
    fireEvent.keyDown(counting, { key: 'Enter' });
    expect(screen.getByRole('dialog', { name: /Edit micro topic: Counting/ })).toBeTruthy();
  });
});
