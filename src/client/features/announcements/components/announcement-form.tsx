import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_ROLE_LABELS,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementRole,
} from '../../../../shared/contracts/announcements.ts';
import { DateTimePicker } from '../../../components/date-time-picker.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { RichTextField } from '../../../components/rich-text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { formatDate } from '../../../lib/format.ts';
import { saveAnnouncement } from '../announcements.api.ts';
import { useSchoolChoices } from '../../schools/index.ts';

type Draft = {
  title: string;
  body: string;
  audience: AnnouncementAudience;
  role: AnnouncementRole | null;
  school_ids: number[];
  later: boolean;
  publish_at: Date | null;
  expires_at: Date | null;
};

function draftOf(a: Announcement | null): Draft {
  return {
    title: a?.title ?? '',
    body: a?.body ?? '',
    audience: a?.audience ?? 'everyone',
    role: a?.role ?? null,
    school_ids: a && a.audience === 'schools' ? a.schools.map((s) => s.id) : [],
    later: a !== null && a.status === 'scheduled',
    publish_at: a && a.status === 'scheduled' ? new Date(a.publish_at) : null,
    expires_at: a?.expires_at ? new Date(a.expires_at) : null,
  };
}

/**
 * Write or change an announcement. A teacher addresses only their own schools: their "everyone" is their
 * schools' students, and a role is that role within their schools (the server enforces both).
 */
export function AnnouncementForm({
  announcement,
  isAdmin,
  onSaved,
  onCancel,
}: {
  announcement: Announcement | null;
  isAdmin: boolean;
  onSaved: (saved: Announcement) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const [draft, setDraft] = useState(() => draftOf(announcement));
  const [whenError, setWhenError] = useState<string | undefined>();
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const schools = useSchoolChoices(isAdmin);
  const save = useAction(saveAnnouncement);
  const errors = save.fieldErrors;
  const published = announcement !== null && announcement.status !== 'scheduled';

  const roles: AnnouncementRole[] = isAdmin ? ['student', 'teacher', 'admin'] : ['student', 'teacher'];
  const audiences: Array<[AnnouncementAudience, string]> = [
    ['everyone', isAdmin ? 'Everyone' : 'Everyone (the students of your schools)'],
    ['schools', isAdmin ? 'Some schools' : 'Some of your schools'],
    ['role', isAdmin ? 'One role' : 'One role in your schools'],
  ];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!published && draft.later && !draft.publish_at) {
      setWhenError('Choose when to publish it, or publish it now.');
      return;
    }
    setWhenError(undefined);
    const result = await save.run(announcement?.id ?? null, {
      title: draft.title,
      body: draft.body,
      audience: draft.audience,
      role: draft.audience === 'role' ? draft.role : null,
      school_ids: draft.audience === 'schools' ? draft.school_ids : [],
      publish_at: !published && draft.later && draft.publish_at ? draft.publish_at.toISOString() : null,
      expires_at: draft.expires_at ? draft.expires_at.toISOString() : null,
    });
    if (result.ok) onSaved(result.value);
  };

  const formError =
    save.error && !(save.error instanceof ApiError && save.error.status === 422)
      ? errorMessage(save.error)
      : Object.keys(errors).length > 0
        ? 'Please correct the fields marked below.'
        : null;
  const saveLabel = published ? 'Save changes' : draft.later ? 'Schedule' : 'Publish now';

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {announcement ? 'Edit announcement' : 'New announcement'}
      </h2>
      <form onSubmit={submit} noValidate>
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <TextField
          label="Title"
          name="title"
          value={draft.title}
          required
          maxLength={ANNOUNCEMENT_LIMITS.title}
          onChange={(title) => change({ title })}
          errors={errors.title}
        />
        <RichTextField
          label="Message"
          name="body"
          value={draft.body}
          required
          onChange={(body) => change({ body })}
          errors={errors.body}
        />
        <fieldset className="bo-fieldset">
          <legend>Who is it for?</legend>
          <div className="announcements__choices">
            {audiences.map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name="audience"
                  value={value}
                  checked={draft.audience === value}
                  onChange={() => change({ audience: value })}
                />
                {label}
              </label>
            ))}
          </div>
          {draft.audience === 'schools' && (
            <Dropdown
              multiple
              label="Schools"
              required
              isLoading={schools.loading}
              options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={draft.school_ids}
              onChange={(school_ids) => change({ school_ids })}
              error={errors.school_ids?.[0]}
            />
          )}
          {draft.audience === 'role' && (
            <Dropdown
              label="Role"
              required
              options={roles.map((r) => ({ value: r, label: ANNOUNCEMENT_ROLE_LABELS[r] }))}
              value={draft.role}
              onChange={(role) => change({ role })}
              error={errors.role?.[0]}
            />
          )}
          {errors.audience && <FormMessage kind="error">{errors.audience[0]}</FormMessage>}
        </fieldset>
        <fieldset className="bo-fieldset">
          <legend>When</legend>
          {published ? (
            <p>
              Published {formatDate(announcement.published_at)}. Changes show at once; nobody is notified
              again.
            </p>
          ) : (
            <>
              <div className="announcements__choices">
                <label>
                  <input
                    type="radio"
                    name="when"
                    checked={!draft.later}
                    onChange={() => change({ later: false })}
                  />
                  Publish now
                </label>
                <label>
                  <input
                    type="radio"
                    name="when"
                    checked={draft.later}
                    onChange={() => change({ later: true })}
                  />
                  Schedule
                </label>
              </div>
              {draft.later && (
                <DateTimePicker
                  mode="datetime"
                  label="Publish at"
                  name="publish_at"
                  required
                  value={draft.publish_at}
                  rules={{ minDate: new Date() }}
                  onChange={(publish_at) => change({ publish_at })}
                  error={whenError ?? errors.publish_at?.[0]}
                />
              )}
            </>
          )}
          <DateTimePicker
            mode="datetime"
            label="Expires at (optional)"
            name="expires_at"
            value={draft.expires_at}
            onChange={(expires_at) => change({ expires_at })}
            error={errors.expires_at?.[0]}
          />
          <p className="field__hint">After this it is no longer shown on the dashboard.</p>
        </fieldset>
        <div className="announcements__form-actions">
          <button type="submit" className="button" disabled={save.pending}>
            {save.pending ? 'Saving…' : saveLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
