import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { sanitizeRichText } from '../../../../shared/rich-text.ts';
import { makeList, wrapSelection } from '../rich-text.ts';
import type { Edit } from '../rich-text.ts';

/**
 * Three numbered lines, drawn: a "1." glyph would be visible text missing from the button's name "Numbered
 * list" (WCAG 2.5.3, label in name).
 */
function NumberedListIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10 6h11M10 12h11M10 18h11M3.5 4.5 5 3.5v5M3.5 11a1.5 1.5 0 0 1 3 0c0 1.2-3 2-3 3.5h3M3.5 17h3l-1.5 1.6a1.4 1.4 0 1 1-1.5 1.9" />
    </svg>
  );
}

const TOOLS: { label: string; text: ReactNode; apply: (t: string, s: number, e: number) => Edit }[] = [
  { label: 'Bold', text: 'B', apply: (t, s, e) => wrapSelection(t, s, e, 'strong') },
  { label: 'Italic', text: 'I', apply: (t, s, e) => wrapSelection(t, s, e, 'em') },
  { label: 'Underline', text: 'U', apply: (t, s, e) => wrapSelection(t, s, e, 'u') },
  { label: 'Paragraph', text: '¶', apply: (t, s, e) => wrapSelection(t, s, e, 'p') },
  { label: 'Bulleted list', text: '•', apply: (t, s, e) => makeList(t, s, e, 'ul') },
  { label: 'Numbered list', text: <NumberedListIcon />, apply: (t, s, e) => makeList(t, s, e, 'ol') },
];

/**
 * A textarea for the small rich text the server keeps (bare p, br, strong, em, u, ul, ol, li, sub, sup,
 * code), with buttons that insert those tags and a live preview of what will be stored.
 */
export function RichTextField({
  label,
  name,
  value,
  onChange,
  errors,
  required,
  rows = 5,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
  rows?: number;
}) {
  const id = `${name}-${useId()}`;
  const ref = useRef<HTMLTextAreaElement>(null);
  // The selection to restore after a toolbar edit re-renders the text.
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const hasErrors = errors !== undefined && errors.length > 0;

  useLayoutEffect(() => {
    const area = ref.current;
    if (!selection || !area) return;
    area.focus();
    area.setSelectionRange(selection.start, selection.end);
  }, [selection]);

  const apply = (tool: (typeof TOOLS)[number]) => {
    const area = ref.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    const edit = tool.apply(value, start, end);
    onChange(edit.text);
    setSelection({ start: edit.start, end: edit.end });
  };

  return (
    <div className={`field rich-text${hasErrors ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="bo-icon-button"
            aria-label={tool.label}
            title={tool.label}
            onClick={() => apply(tool)}
          >
            <span aria-hidden="true">{tool.text}</span>
          </button>
        ))}
      </div>
      <textarea
        ref={ref}
        id={id}
        name={name}
        className="field__input rich-text__input"
        rows={rows}
        value={value}
        required={required}
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? `${id}-errors` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hasErrors && (
        <div role="alert">
          <ul id={`${id}-errors`} className="field__errors">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {value.trim() && (
        <div className="rich-text__preview">
          <span className="rich-text__preview-label">Preview (as stored)</span>
          {/* Safe: sanitizeRichText escapes everything except bare allow-listed tags. */}
          <div
            className="bo-rich"
            data-testid={`${name}-preview`}
            dangerouslySetInnerHTML={{ __html: sanitizeRichText(value) }}
          />
        </div>
      )}
    </div>
  );
}
