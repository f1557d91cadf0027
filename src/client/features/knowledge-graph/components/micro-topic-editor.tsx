import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { createMicroTopic, deleteMicroTopic, updateMicroTopic } from '../knowledge-graph.api.ts';
import { flattenTopics, relationsOf } from '../graph-model.ts';
import { otherErrors } from '../use-graph-actions.ts';
import type { Perform } from '../use-graph-actions.ts';

export type EditorTarget = { mode: 'edit'; id: number } | { mode: 'create'; subTopicId: number };

const SHOWN_FIELDS = ['name', 'sub_topic_id', 'description', 'prerequisite_ids'];

/** Side panel to add or edit one micro topic: name, place, description and prerequisites. */
export function MicroTopicEditor({
  graph,
  target,
  perform,
  busy,
  onClose,
}: {
  graph: KnowledgeGraph;
  target: EditorTarget;
  perform: Perform;
  busy: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const topics = useMemo(() => flattenTopics(graph), [graph]);
  const relations = useMemo(() => relationsOf(topics), [topics]);
  const current = target.mode === 'edit' ? topics.find((t) => t.id === target.id) : undefined;

  const [name, setName] = useState(current?.name ?? '');
  const [subTopicId, setSubTopicId] = useState<number | null>(
    current?.sub_topic_id ?? (target.mode === 'create' ? target.subTopicId : null),
  );
  const [description, setDescription] = useState(current?.description ?? '');
  const [prerequisites, setPrerequisites] = useState<number[]>(current?.prerequisite_ids ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const panelRef = useRef<HTMLElement>(null);

  // Focus moves into the panel when it opens (from the tree or a node of the map).
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const subTopicOptions = useMemo(
    () =>
      graph.subjects.flatMap((s) =>
        s.sub_topics.map((t) => ({ value: t.id, label: `${s.name} › ${t.name}` })),
      ),
    [graph],
  );
  const prerequisiteOptions = useMemo(
    () =>
      topics
        .filter((t) => t.id !== current?.id)
        .map((t) => ({ value: t.id, label: `${t.name} (${t.subject_name} › ${t.sub_topic_name})` })),
    [topics, current?.id],
  );
  const dependents = current ? (relations.dependents.get(current.id) ?? []) : [];
  const nameOf = (id: number) => topics.find((t) => t.id === id)?.name ?? `#${id}`;

  if (target.mode === 'edit' && !current) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      // Left out when none is chosen (JSON drops undefined): the server names the missing field.
      sub_topic_id: (subTopicId ?? undefined) as number,
      name,
      description,
      prerequisite_ids: prerequisites,
    };
    const outcome = await perform(
      () => (current ? updateMicroTopic(current.id, body) : createMicroTopic(body)),
      current ? 'The micro topic was saved.' : 'The micro topic was added.',
    );
    if (outcome.ok) onClose();
    else setErrors(outcome.fieldErrors);
  };

  const remove = async () => {
    if (!current) return;
    const ok = await confirmDialog(`Delete the micro topic "${current.name}"?`);
    if (!ok) return;
    const outcome = await perform(() => deleteMicroTopic(current.id), 'The micro topic was deleted.');
    if (outcome.ok) onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && !e.defaultPrevented) onClose();
  };

  const rest = otherErrors(errors, SHOWN_FIELDS);
  return (
    <aside ref={panelRef} className="kg-editor" role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="kg-editor__head">
        <h2 id={titleId} className="kg-editor__title">
          {current ? `Edit micro topic: ${current.name}` : 'New micro topic'}
        </h2>
        <button type="button" className="bo-icon-button" aria-label="Close the editor" onClick={onClose}>
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <form className="form" onSubmit={submit} aria-labelledby={titleId}>
        {rest.length > 0 && (
          <div className="form-message form-message--error" role="alert">
            {rest.join(' ')}
          </div>
        )}
        <TextField label="Name" name="name" required value={name} onChange={setName} errors={errors.name} />
        <Dropdown
          label="Sub topic"
          required
          options={subTopicOptions}
          value={subTopicId}
          onChange={setSubTopicId}
          error={errors.sub_topic_id?.join(' ')}
        />
        <TextAreaField
          label="Description"
          name="description"
          value={description}
          onChange={setDescription}
          maxLength={2000}
          errors={errors.description}
        />
        <Dropdown<number>
          label="Prerequisites"
          multiple
          options={prerequisiteOptions}
          value={prerequisites}
          onChange={setPrerequisites}
          placeholder="Search micro topics"
          error={errors.prerequisite_ids?.join(' ')}
        />
        <p className="field__hint">Topics a student should master before this one.</p>
        {current && (
          <p className="kg-editor__facts">
            {current.question_count} question{current.question_count === 1 ? '' : 's'} ·{' '}
            {dependents.length
              ? `Unlocks: ${dependents.map(nameOf).join(', ')}`
              : 'No other micro topic depends on this one.'}
          </p>
        )}
        <div className="kg-editor__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving...' : current ? 'Save micro topic' : 'Add micro topic'}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          {current && (
            <button type="button" className="button bo-danger" disabled={busy} onClick={() => void remove()}>
              Delete micro topic
            </button>
          )}
        </div>
      </form>
    </aside>
  );
}
