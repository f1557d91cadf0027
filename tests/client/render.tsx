import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastHost } from '../../src/client/components/toast.tsx';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `element` at `path` inside a router that shows the current location, with the toast area. */
export function renderScreen(
  element: ReactElement,
  { path = '/', at = path }: { path?: string; at?: string } = {},
) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <ToastHost />
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function type(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Opens a react-select Dropdown by its label and picks the option with `text`. */
export async function choose(label: string | RegExp, text: string): Promise<void> {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const option = await screen.findByText(text, { selector: '[class*="option"]' });
  fireEvent.click(option);
}

export { within };
