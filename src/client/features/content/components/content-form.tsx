import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminSchool } from '../../../../shared/contracts/admin-schools.ts';
import type { ContentItem } from '../../../../shared/contracts/content.ts';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { RichTextField } from '../../../components/rich-text-field.tsx';
import { TargetSchoolsField } from '../../../components/target-schools-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { topicOptions } from '../../../components/topic-options.ts';
import { deleteContentItem, saveContentItem } from '../content.api.ts';
import { bodyOf, draftFromItem, emptyDraft } from '../content-draft.ts';
import type { ContentDraft } from '../content-draft.ts';
import { CONTENT_NOUN } from '../content-kind.ts';
import type { ContentKind } from '../content-kind.ts';
import { AttachmentFields, LiveFields, VideoFields } from './kind-fields.tsx';
import { CheckField } from '../../../components/check-field.tsx';

/** The fields the form shows; an error for any other lands in the message at the top. */
const SHOWN = new Set([
  'title',
  'summary',
  'body_html',
  'school_ids',
  'micro_topic_ids',
  'attachment_file_ids',
  'video_file_id',
  'external_url',
  'poster_file_id',
  'starts_at',
  'ends_at',
  'meeting_url',
]);

/**
 * One lecture, video or live discussion. The draft lives here until the server accepts it: a failed save
 * keeps everything typed and marks what was refused, field by field. Leaving with unsaved changes asks first.
 */
export function ContentForm({
  kind,
  item,
  graph,
  schools,
  schoolsRequired,
  initialSchools,
  onSaved,
  onLeave,
}: {
  kind: ContentKind;
  item: ContentItem | undefined;
  graph: KnowledgeGraph | undefined;
  schools: AdminSchool[] | undefined;
  /** A teacher names their own schools; an admin may leave it empty for every school. */
  schoolsRequired: boolean;
  initialSchools: number[];
  onSaved: (saved: ContentItem) => void;
  onLeave: () => void;
}) {
  const noun = CONTENT_NOUN[kind].one;
  const [baseline, setBaseline] = useState<ContentDraft>(() =>
    item ? draftFromItem(item) : emptyDraft(initialSchools),
  );
  const [draft, setDraft] = useState<ContentDraft>(baseline);
  const saving = useAction((d: ContentDraft) => saveContentItem(kind, item?.id, bodyOf(kind, d)));
  const removing = useAction((id: number) => deleteContentItem(kind, id));
  const microTopics = useMemo(() => topicOptions(graph).microTopics, [graph]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const readOnly = item !== undefined && !item.can_edit;

  // Closing the tab or reloading with unsaved changes: the browser's own "leave site?" question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (patch: Partial<ContentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const errors = saving.error instanceof ApiError ? (saving.error.errors ?? {}) : {};
  const general = Object.entries(errors)
    .filter(([field]) => !SHOWN.has(field))
    .flatMap(([, m]) => m);
  if (saving.error !== null && Object.keys(errors).length === 0) general.push(errorMessage(saving.error));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await saving.run(draft);
    if (result.ok) {
      setBaseline(draft);
      showToast({ message: `The ${noun} was saved.`, type: 'success' });
      onSaved(result.value);
    } else {
      const fields = result.error instanceof ApiError ? Object.keys(result.error.errors ?? {}).length : 0;
      showToast({
        title: 'Not saved',
        message: fields > 1 ? 'Please check the marked fields.' : errorMessage(result.error),
        type: 'error',
      });
    }
  };

  const leave = async () => {
    if (dirty && !(await confirmDialog(`Leave without saving? Your changes to this ${noun} are lost.`)))
      return;
    onLeave();
  };

  const remove = async () => {
    if (!item) return;
    if (!(await confirmDialog(`Delete the ${noun} "${item.title}"? This cannot be undone.`))) return;
    const result = await removing.run(item.id);
    if (result.ok) {
      showToast({ message: `The ${noun} was deleted.`, type: 'success' });
      setBaseline(draft);
      onLeave();
    } else showToast({ title: 'Not deleted', message: errorMessage(result.error), type: 'error' });
  };

  const busy = saving.pending || removing.pending;
  return (
    <form className="card form content-form" onSubmit={submit} aria-label={noun} noValidate>
      {readOnly && (
        <p className="form-message">
          You can look at this {noun}, but only its author or an admin can change it.
        </p>
      )}
      {general.length > 0 && (
        <div className="form-message form-message--error" role="alert">
          {general.join(' ')}
        </div>
      )}
      <fieldset className="content-form__body" disabled={readOnly}>
        <TextField
          label="Title"
          name="title"
          required
          maxLength={200}
          value={draft.title}
          onChange={(title) => change({ title })}
          errors={errors.title}
        />
        <TextAreaField
          label="Summary"
          name="summary"
          rows={2}
          maxLength={500}
          hint="One or two sentences shown in lists."
          value={draft.summary}
          onChange={(summary) => change({ summary })}
          errors={errors.summary}
        />
        {kind === 'video' && <VideoFields draft={draft} change={change} errors={errors} />}
        {kind === 'live-discussion' && <LiveFields draft={draft} change={change} errors={errors} />}
        <RichTextField
          label={kind === 'lecture' ? 'Lecture text' : 'Description'}
          name="body_html"
          rows={kind === 'lecture' ? 12 : 5}
          value={draft.body_html}
          onChange={(body_html) => change({ body_html })}
          errors={errors.body_html}
        />
        {kind === 'lecture' && <AttachmentFields draft={draft} change={change} errors={errors} />}
        <Dropdown<number>
          multiple
          label="Micro topics"
          options={microTopics}
          value={draft.micro_topic_ids}
          isLoading={!graph}
          placeholder="Choose the topics it teaches"
          onChange={(micro_topic_ids) => change({ micro_topic_ids })}
          error={errors.micro_topic_ids?.join(' ')}
        />
        <TargetSchoolsField
          schools={schools}
          required={schoolsRequired}
          value={draft.school_ids}
          onChange={(school_ids) => change({ school_ids })}
          errors={errors.school_ids}
        />
        <div className="field">
          <CheckField
            name="published"
            checked={draft.published}
            onChange={(published) => change({ published })}
          >
            Published (students can see it)
          </CheckField>
        </div>
      </fieldset>
      <div className="bo-toolbar">
        {!readOnly && (
          <button type="submit" className="button" disabled={busy}>
            {saving.pending ? 'Saving...' : `Save ${noun}`}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void leave()}
        >
          {dirty ? 'Cancel' : 'Back'}
        </button>
        {item && !readOnly && (
          <button type="button" className="button bo-danger" disabled={busy} onClick={() => void remove()}>
            Delete {noun}
          </button>
        )}
        {dirty && <span className="bo-table__muted">Unsaved changes</span>}
      </div>
    </form>
  );
}
