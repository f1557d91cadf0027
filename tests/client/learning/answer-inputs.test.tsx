import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentQuestion } from '../../../src/shared/contracts/attempts.ts';
import { AnswerInput } from '../../../src/client/features/quiz/components/answer-input.tsx';

function question(overrides: Partial<StudentQuestion>): StudentQuestion {
  return {
    id: 1,
    type: 'single_choice',
    stem: '<p>Which?</p>',
    image_url: null,
    micro_topic_id: 3,
    options: [],
    left: [],
    right: [],
    ...overrides,
  };
}

const options = [
  { id: 'o1', text: 'Sand play' },
  { id: 'o2', text: 'Water play' },
  { id: 'o3', text: 'Block play' },
];

function renderInput(q: StudentQuestion, value: Parameters<typeof AnswerInput>[0]['value'] = null) {
  const onChange = vi.fn();
  const view = render(<AnswerInput question={q} value={value} onChange={onChange} />);
  return { onChange, ...view };
}

afterEach(() => vi.useRealTimers());

/** jsdom has no layout (nor elementFromPoint): whatever point is asked for, `element` is under it. */
function pointAt(element: Element) {
  document.elementFromPoint = () => element;
  return { mockRestore: () => Reflect.deleteProperty(document, 'elementFromPoint') };
}

describe('answer renderers', () => {
  it('single choice: a radio per option, the choice is the option id', () => {
    const { onChange } = renderInput(question({ type: 'single_choice', options }));
    fireEvent.click(screen.getByRole('radio', { name: 'Water play' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'single_choice', choice: 'o2' });
  });

  it('multiple choice: checkboxes; the choices keep the order the options are shown in', () => {
    const q = question({ type: 'multiple_choice', options });
    const { onChange, rerender } = renderInput(q);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Block play' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'multiple_choice', choices: ['o3'] });

    rerender(
      <AnswerInput question={q} value={{ type: 'multiple_choice', choices: ['o3'] }} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sand play' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'multiple_choice', choices: ['o1', 'o3'] });
  });

  it('multiple choice: unticking the last choice leaves no answer', () => {
    const q = question({ type: 'multiple_choice', options });
    const onChange = vi.fn();
    render(
      <AnswerInput question={q} value={{ type: 'multiple_choice', choices: ['o2'] }} onChange={onChange} />,
    );
    expect(screen.getByRole('checkbox', { name: 'Water play' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Water play' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('true / false: two radios giving a boolean', () => {
    const { onChange } = renderInput(question({ type: 'true_false' }));
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'true_false', value: false });
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'true_false', value: true });
  });

  it('short answer: saved after a pause in typing, trimmed; emptied, the answer is cleared', () => {
    vi.useFakeTimers();
    const { onChange } = renderInput(question({ type: 'short_answer' }));
    const input = screen.getByLabelText('Your answer');
    fireEvent.change(input, { target: { value: 'sca' } });
    fireEvent.change(input, { target: { value: 'scaffolding ' } });
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'short_answer', text: 'scaffolding' });

    fireEvent.change(input, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('short answer: leaving the field saves at once, without waiting for the pause', () => {
    const { onChange } = renderInput(question({ type: 'short_answer' }));
    const input = screen.getByLabelText('Your answer');
    fireEvent.change(input, { target: { value: 'Vygotsky' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'short_answer', text: 'Vygotsky' });
  });

  it('matching: a select per left item; a right item used twice moves to the newer match', () => {
    const q = question({
      type: 'matching',
      left: [
        { id: 'l1', text: 'Piaget' },
        { id: 'l2', text: 'Vygotsky' },
      ],
      right: [
        { id: 'r1', text: 'Zone of proximal development' },
        { id: 'r2', text: 'Stages of cognitive development' },
      ],
    });
    const { onChange, rerender } = renderInput(q);
    fireEvent.change(screen.getByRole('combobox', { name: 'Piaget' }), { target: { value: 'r2' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'matching', pairs: { l1: 'r2' } });

    rerender(
      <AnswerInput question={q} value={{ type: 'matching', pairs: { l1: 'r2' } }} onChange={onChange} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Vygotsky' }), { target: { value: 'r2' } });
    expect(onChange).toHaveBeenLastCalledWith({ type: 'matching', pairs: { l2: 'r2' } });

    rerender(
      <AnswerInput question={q} value={{ type: 'matching', pairs: { l2: 'r2' } }} onChange={onChange} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Vygotsky' }), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('ordering: move buttons give the full order; the shown order can be kept as the answer', () => {
    const q = question({ type: 'ordering', options });
    const { onChange, rerender } = renderInput(q);
    fireEvent.click(screen.getByRole('button', { name: 'Keep this order' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'ordering', order: ['o1', 'o2', 'o3'] });

    fireEvent.click(screen.getByRole('button', { name: 'Move up: Block play' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'ordering', order: ['o1', 'o3', 'o2'] });

    rerender(
      <AnswerInput
        question={q}
        value={{ type: 'ordering', order: ['o1', 'o3', 'o2'] }}
        onChange={onChange}
      />,
    );
    expect(
      screen.getAllByRole('listitem').map((li) => li.textContent?.replace('⠿', '').split('Move')[0]),
    ).toEqual(['Sand play', 'Block play', 'Water play']);
    expect(screen.queryByRole('button', { name: 'Keep this order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move up: Sand play' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Sand play' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 'ordering', order: ['o3', 'o1', 'o2'] });
  });

  it('ordering: an item dragged by its handle onto another takes its place', () => {
    const q = question({ type: 'ordering', options });
    const { onChange } = renderInput(q);
    const items = screen.getAllByRole('listitem');
    // jsdom has no layout: the point under the finger is the third item.
    const under = pointAt(items[2]!);
    const handle = screen.getByTestId('drag-o1');
    fireEvent.pointerDown(handle, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(handle, { clientX: 10, clientY: 120 });
    expect(items[2]!.className).toContain('answer__order-item--over');
    fireEvent.pointerUp(handle, { clientX: 10, clientY: 120 });
    under.mockRestore();
    expect(onChange).toHaveBeenLastCalledWith({ type: 'ordering', order: ['o2', 'o3', 'o1'] });
  });

  it('matching: an answer dragged onto an item is matched with it, and leaves the pile', () => {
    const q = question({
      type: 'matching',
      left: [
        { id: 'l1', text: 'Piaget' },
        { id: 'l2', text: 'Vygotsky' },
      ],
      right: [
        { id: 'r1', text: 'Zone of proximal development' },
        { id: 'r2', text: 'Stages of cognitive development' },
      ],
    });
    const { onChange, rerender } = renderInput(q);
    const vygotsky = screen.getByRole('combobox', { name: 'Vygotsky' }).closest('[data-match-left]')!;
    const under = pointAt(vygotsky);
    const chip = screen.getByTestId('drag-r1');
    fireEvent.pointerDown(chip, { clientX: 5, clientY: 5, button: 0 });
    fireEvent.pointerMove(chip, { clientX: 5, clientY: 200 });
    fireEvent.pointerUp(chip, { clientX: 5, clientY: 200 });
    under.mockRestore();
    expect(onChange).toHaveBeenLastCalledWith({ type: 'matching', pairs: { l2: 'r1' } });

    rerender(
      <AnswerInput question={q} value={{ type: 'matching', pairs: { l2: 'r1' } }} onChange={onChange} />,
    );
    expect(screen.queryByTestId('drag-r1')).toBeNull();
    expect(screen.getByTestId('drag-r2')).toBeTruthy();
  });
});
