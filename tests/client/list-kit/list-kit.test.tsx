import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ListBody,
  listQuery,
  Pager,
  pageOf,
  StepPager,
} from '../../../src/client/components/list-kit/index.ts';

afterEach(cleanup);

describe('the list kit', () => {
  it('pages forward and back, and says where the list stands', () => {
    const onPage = vi.fn<(page: number) => void>();
    render(<Pager page={2} perPage={20} total={45} label="Questions" onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Questions pages' });
    expect(nav.className).toBe('bo-pager');
    expect(nav.textContent).toContain('21–40 of 45 · page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('says 0–0 of 0 for an empty list and offers no page to go to', () => {
    render(<Pager page={1} perPage={20} total={0} label="Users" className="users-pager" onPage={() => {}} />);
    expect(screen.getByRole('navigation').textContent).toContain('0–0 of 0 · page 1 of 1');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('draws the short pager only when there is more than one page', () => {
    const { rerender } = render(
      <StepPager page={1} perPage={10} total={10} ariaLabel="Pages" className="p" onPage={() => {}} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(
      <StepPager
        page={1}
        perPage={10}
        total={11}
        ariaLabel="Pages"
        className="p"
        note=" · 11 schools"
        onPage={() => {}}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe(
      'PreviousPage 1 of 2 · 11 schoolsNext',
    );
  });

  it('keeps a failure over loaded rows only when asked to', () => {
    const load = { data: [1], error: new Error('Offline'), reload: () => {} };
    const { rerender } = render(
      <ListBody load={load} errors="message">
        {() => <p>Rows</p>}
      </ListBody>,
    );
    expect(screen.getByText('Rows')).toBeTruthy();
    rerender(
      <ListBody load={load} errors="message" staleErrors>
        {() => <p>Rows</p>}
      </ListBody>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Offline');
  });

  it('writes filters and page to the address, leaving out the empty ones and page 1', () => {
    expect(listQuery({ search: 'dog', type: undefined, role: '', difficulty: 2 }, 1)).toEqual({
      search: 'dog',
      difficulty: '2',
    });
    expect(listQuery({}, 3)).toEqual({ page: '3' });
    expect(pageOf(new URLSearchParams('page=4'))).toBe(4);
    expect(pageOf(new URLSearchParams('page=x'))).toBe(1);
    expect(pageOf(new URLSearchParams('page=-2'))).toBe(1);
  });
});
