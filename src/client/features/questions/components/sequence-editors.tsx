import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { TextField } from '../../../components/form-field.tsx';
import { moveItem, newOption, newPair } from '../question-draft.ts';
import type { QuestionDraft } from '../question-draft.ts';
import { MAX_OPTIONS } from './choice-editor.tsx';
import { GroupErrors, ListButtons } from './list-buttons.tsx';

type Props = {
  draft: QuestionDraft;
  onChange: (next: Partial<QuestionDraft>) => void;
  errors: FieldErrors;
};

/** Matching: each left item with the right item that belongs to it (students see the right side shuffled). */
export function PairsEditor({ draft, onChange, errors }: Props) {
  const { pairs } = draft;
  const set = (i: number, side: 'left' | 'right', text: string) =>
    onChange({ pairs: pairs.map((p, k) => (k === i ? { ...p, [side]: text } : p)) });
  return (
    <fieldset className="bo-fieldset content-editor">
      <legend>Matching pairs</legend>
      <p className="field__hint">
        Write each pair as it belongs together; students see the right side shuffled.
      </p>
      <GroupErrors messages={errors['content.pairs'] ?? []} />
      <ol className="bo-list">
        {pairs.map((p, i) => (
          <li key={p.left_id} className="bo-row content-editor__row">
            <TextField
              label={`Left ${i + 1}`}
              name={`pair-left-${i + 1}`}
              value={p.left}
              maxLength={500}
              onChange={(v) => set(i, 'left', v)}
              errors={errors[`content.pairs.${i}.left`]}
            />
            <span className="content-editor__arrow" aria-hidden="true">
              ↔
            </span>
            <TextField
              label={`Right ${i + 1}`}
              name={`pair-right-${i + 1}`}
              value={p.right}
              maxLength={500}
              onChange={(v) => set(i, 'right', v)}
              errors={errors[`content.pairs.${i}.right`]}
            />
            <ListButtons
              name={`pair ${i + 1}`}
              index={i}
              count={pairs.length}
              min={2}
              onMove={(step) => onChange({ pairs: moveItem(pairs, i, step) })}
              onRemove={() => onChange({ pairs: pairs.filter((_, k) => k !== i) })}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={pairs.length >= MAX_OPTIONS}
        onClick={() => onChange({ pairs: [...pairs, newPair()] })}
      >
        Add pair
      </button>
    </fieldset>
  );
}

/** Ordering: the items in their correct order (students see them shuffled). */
export function OrderingEditor({ draft, onChange, errors }: Props) {
  const { items } = draft;
  return (
    <fieldset className="bo-fieldset content-editor">
      <legend>Items in the correct order</legend>
      <p className="field__hint">List the items first to last; students see them shuffled.</p>
      <GroupErrors messages={errors['content.items'] ?? []} />
      <ol className="bo-list">
        {items.map((item, i) => (
          <li key={item.id} className="bo-row content-editor__row">
            <TextField
              label={`Item ${i + 1}`}
              name={`item-${i + 1}`}
              value={item.text}
              maxLength={500}
              onChange={(text) => onChange({ items: items.map((o, k) => (k === i ? { ...o, text } : o)) })}
              errors={errors[`content.items.${i}.text`]}
            />
            <ListButtons
              name={`item ${i + 1}`}
              index={i}
              count={items.length}
              min={2}
              onMove={(step) => onChange({ items: moveItem(items, i, step) })}
              onRemove={() => onChange({ items: items.filter((_, k) => k !== i) })}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={items.length >= MAX_OPTIONS}
        onClick={() => onChange({ items: [...items, newOption()] })}
      >
        Add item
      </button>
    </fieldset>
  );
}
