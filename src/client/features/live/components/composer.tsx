import { useId } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { LIVE_LIMITS } from '../../../../shared/contracts/live.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useStoredDraft } from '../use-live.ts';

/**
 * The message box: with a keyboard and mouse, Enter sends and Shift+Enter starts a new line; on a touch
 * screen (no Shift to speak of) Enter starts a new line, as phones' keyboards do, and Send sends, and the
 * keyboard hint is not shown. The draft is kept in sessionStorage as it is typed, so a reload or a dropped
 * connection loses nothing.
 */
export function Composer({ draftKey, onSend }: { draftKey: string; onSend: (text: string) => void }) {
  const [draft, setDraft] = useStoredDraft(draftKey);
  // Not a touch screen: a hardware keyboard is likely.
  const keyboard = !useMediaQuery('(pointer: coarse)');
  const id = useId();
  const text = draft.trim();
  const left = LIVE_LIMITS.message - draft.length;

  const send = () => {
    if (!text || left < 0) return;
    onSend(text);
    setDraft('');
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character (Japanese, Chinese, ...).
    if (keyboard && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form className="live-composer" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          Your message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          className="field__input live-composer__input"
          rows={3}
          maxLength={LIVE_LIMITS.message}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="field__hint">
          {keyboard && 'Enter sends, Shift+Enter starts a new line. '}
          {left} characters left.
        </p>
      </div>
      <button type="submit" className="button" disabled={!text}>
        Send
      </button>
    </form>
  );
}
