import { useState } from 'react';
import type { FormEvent } from 'react';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  createTicketBodySchema,
  type SupportCategory,
  type SupportTicketDetail,
} from '../../../../shared/contracts/support.ts';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { userMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { openTicket } from '../support.api.ts';

const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((value) => ({
  value,
  label: SUPPORT_CATEGORY_LABELS[value],
}));

/** The contract's own rules, checked before sending, so a slip is shown at once (the server checks again). */
function check(body: { subject: string; category: SupportCategory | null; message: string }): FieldErrors {
  const result = createTicketBodySchema.safeParse(body);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    (errors[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  }
  return errors;
}

/** Opens a ticket: what it is about, a subject and the question itself. */
export function ContactForm({ onOpened }: { onOpened: (ticket: SupportTicketDetail) => void }) {
  const [category, setCategory] = useState<SupportCategory | null>(null);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [local, setLocal] = useState<FieldErrors>({});
  const send = useAction(openTicket);
  const errors = Object.keys(local).length ? local : send.fieldErrors;
  const otherError =
    send.error !== null && Object.keys(send.fieldErrors).length === 0
      ? userMessage(send.error, { offline: 'Your question is kept here: send it once you’re back online.' })
      : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = check({ subject, category, message });
    setLocal(problems);
    if (Object.keys(problems).length || category === null) return;
    const result = await send.run({ subject, category, message });
    if (!result.ok) return;
    setCategory(null);
    setSubject('');
    setMessage('');
    showToast({
      message: 'Your question was sent. You will get a notification and an e-mail when someone replies.',
      type: 'success',
    });
    onOpened(result.value);
  };

  return (
    <form
      className="card form support-contact"
      aria-labelledby="support-contact-title"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      <h2 id="support-contact-title" className="card__title">
        Ask a question
      </h2>
      <p className="support__muted">
        Not in the list above? Your school’s teachers and the Pathbuilder team read every question.
      </p>
      {otherError && (
        <div className="form-message form-message--error" role="alert">
          {otherError}
        </div>
      )}
      <Dropdown<SupportCategory>
        label="What is it about?"
        name="category"
        options={CATEGORY_OPTIONS}
        value={category}
        onChange={setCategory}
        isSearchable={false}
        required
        error={errors.category?.[0]}
      />
      <TextField
        label="Subject"
        name="subject"
        value={subject}
        onChange={setSubject}
        maxLength={SUPPORT_LIMITS.subject}
        errors={errors.subject}
        required
      />
      <TextAreaField
        className="support-message-field"
        label="Your question"
        name="message"
        value={message}
        onChange={setMessage}
        maxLength={SUPPORT_LIMITS.message}
        hint="Say what you did and what happened (for example the quiz and the message you saw)."
        errors={errors.message}
        rows={6}
      />
      <button type="submit" className="button" disabled={send.pending}>
        {send.pending ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}
