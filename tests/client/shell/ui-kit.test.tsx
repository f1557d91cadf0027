import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { alertDialog, confirmDialog, DialogHost } from '../../../src/client/components/dialogs.tsx';
import { Dropdown, REQUIRED_MESSAGE } from '../../../src/client/components/dropdown.tsx';
import type { DropdownOption } from '../../../src/client/components/dropdown.tsx';
import { checkDateRules } from '../../../src/client/components/date-rules.ts';
import { DateTimePicker } from '../../../src/client/components/date-time-picker.tsx';

afterEach(cleanup);

function Harness({ options, required }: { options: DropdownOption<number>[]; required?: boolean }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <Dropdown<number>
        label="School"
        options={options}
        value={value}
        onChange={setValue}
        required={required}
      />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

function openMenu() {
  const input = screen.getByLabelText('School');
  fireEvent.focus(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  return input;
}

const schools = [
  { value: 1, label: 'Sunrise Early Learning' },
  { value: 2, label: 'Little Acorns' },
];

describe('Dropdown', () => {
  it('says the list is empty when there are no options', () => {
    render(<Harness options={[]} />);
    openMenu();
    expect(screen.getByText('List is empty.')).toBeTruthy();
  });

  it('says nothing matched when the search finds no option', () => {
    render(<Harness options={schools} />);
    const input = openMenu();
    fireEvent.change(input, { target: { value: 'zebra' } });
    expect(screen.getByText('No elements found. Consider changing the search query.')).toBeTruthy();
  });

  it('filters by the search and selects the chosen option', () => {
    render(<Harness options={schools} />);
    const input = openMenu();
    fireEvent.change(input, { target: { value: 'acorn' } });
    expect(screen.queryByText('Sunrise Early Learning')).toBeNull();
    fireEvent.click(screen.getByText('Little Acorns'));
    expect(screen.getByTestId('value').textContent).toBe('2');
  });

  it('shows at most 1000 options', () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ value: i, label: `Option ${i}` }));
    render(<Harness options={many} />);
    openMenu();
    expect(screen.getAllByRole('option')).toHaveLength(1000);
  });

  it('uses the default placeholder and, when required, marks the input and explains an empty choice', () => {
    render(<Harness options={schools} required />);
    expect(screen.getByText('Select option')).toBeTruthy();
    const input = screen.getByLabelText(/School/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.queryByText(REQUIRED_MESSAGE)).toBeNull();
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe(REQUIRED_MESSAGE);
  });
});

describe('dialogs', () => {
  it('confirm resolves true on Yes', async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog('Delete this quiz?');
    });
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(within(dialog).getByText('Delete this quiz?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirm resolves false on Cancel', async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog('Delete this quiz?');
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('alert shows title, text and image and closes with Close; dialogs queue in order', async () => {
    render(<DialogHost />);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = alertDialog({ title: 'Saved', text: 'Your answers are safe.', image: '/icons/ok.png' });
      void confirmDialog('Next question?');
    });
    const dialog = screen.getByRole('dialog', { name: 'Saved' });
    expect(within(dialog).getByText('Your answers are safe.')).toBeTruthy();
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/icons/ok.png');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await first;
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeTruthy();
  });
});

describe('date rules', () => {
  it('accepts dates inside the rules and explains the first rule broken', () => {
    const rules = { minDate: new Date(2025, 0, 10), allowedHours: { from: 8, to: 17 }, weekdaysOnly: true };
    expect(checkDateRules(new Date(2025, 0, 13, 9, 30), rules, true)).toBeNull();
    expect(checkDateRules(new Date(2025, 0, 9, 9, 30), rules, true)).toBe(
      'Choose a date on or after 2025-01-10.',
    );
    expect(checkDateRules(new Date(2025, 0, 11, 9, 30), rules, true)).toBe(
      'Choose a weekday (Monday to Friday).',
    );
    expect(checkDateRules(new Date(2025, 0, 13, 18, 0), rules, true)).toBe(
      'Choose a time between 08:00 and 17:00.',
    );
    // Date-only values compare by day and ignore the hours rule.
    expect(checkDateRules(new Date(2025, 0, 10), { minDate: new Date(2025, 0, 10, 12) }, false)).toBeNull();
  });
});

describe('DateTimePicker', () => {
  const value = new Date(2025, 2, 14, 15, 30);

  it('shows AM/PM in 12-hour mode and not in 24-hour mode', () => {
    const { unmount } = render(
      <DateTimePicker label="Opens" mode="datetime" hour12 value={value} onChange={() => {}} />,
    );
    expect(screen.getByRole('group', { name: 'Opens' })).toBeTruthy();
    expect(screen.getByLabelText('AM or PM')).toBeTruthy();
    unmount();
    render(<DateTimePicker label="Opens" mode="datetime" value={value} onChange={() => {}} />);
    expect(screen.queryByLabelText('AM or PM')).toBeNull();
    expect((screen.getByLabelText('Hour') as HTMLInputElement).value).toBe('15');
  });

  it('has no time fields in date mode, two parts in range mode, and reports a broken rule', () => {
    render(
      <DateTimePicker
        label="Window"
        mode="range"
        value={[new Date(2025, 2, 20), new Date(2025, 2, 10)]}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('From')).toBeTruthy();
    expect(screen.getByText('To')).toBeTruthy();
    expect(screen.queryByLabelText('Hour')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The end date must be on or after the start date.');
  });
});
