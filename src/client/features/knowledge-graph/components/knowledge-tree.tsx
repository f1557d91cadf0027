import { useState } from 'react';
import type { KnowledgeGraph, Subject, SubTopic } from '../../../../shared/contracts/knowledge-graph.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import {
  createSubTopic,
  createSubject,
  deleteMicroTopic,
  deleteSubTopic,
  deleteSubject,
  reorderSiblings,
  updateSubTopic,
  updateSubject,
} from '../knowledge-graph.api.ts';
import type { Perform } from '../use-graph-actions.ts';
import { movedIds } from '../use-knowledge-graph.ts';
import { InlineForm } from './inline-form.tsx';
import { RowActions } from './row-actions.tsx';

type TreeActions = {
  perform: Perform;
  busy: boolean;
  onEditMicro: (id: number) => void;
  onAddMicro: (subTopicId: number) => void;
};

const SUBJECT_FIELDS = [
  { name: 'name', label: 'Subject name', required: true },
  { name: 'description', label: 'Description', multiline: true },
] as const;
const SUB_TOPIC_FIELDS = [{ name: 'name', label: 'Sub topic name', required: true }] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Subjects > sub topics > micro topics, each level with create, rename, reorder and delete. */
export function KnowledgeTree({ graph, ...actions }: TreeActions & { graph: KnowledgeGraph }) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="kg-tree">
      {graph.subjects.map((subject, index) => (
        <SubjectItem
          key={subject.id}
          subject={subject}
          siblings={graph.subjects}
          index={index}
          {...actions}
        />
      ))}
      {adding ? (
        <div className="card">
          <InlineForm
            label="New subject"
            fields={SUBJECT_FIELDS}
            initial={{ name: '', description: '' }}
            submitLabel="Add subject"
            onSubmit={(v) =>
              actions.perform(
                () => createSubject({ name: v.name ?? '', description: v.description ?? '' }),
                'The subject was added.',
              )
            }
            onCancel={() => setAdding(false)}
          />
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add subject
        </button>
      )}
    </div>
  );
}

function SubjectItem({
  subject,
  siblings,
  index,
  ...actions
}: TreeActions & { subject: Subject; siblings: Subject[]; index: number }) {
  const { perform, busy } = actions;
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState(true);
  const microCount = subject.sub_topics.reduce((n, t) => n + t.micro_topics.length, 0);
  const bodyId = `kg-subject-${subject.id}`;

  const move = (step: -1 | 1) => {
    const ids = movedIds(siblings, subject.id, step);
    if (ids) void perform(() => reorderSiblings({ level: 'subject', ids }));
  };
  const remove = async () => {
    const ok = await confirmDialog(
      `Delete the subject "${subject.name}"? Its sub topics and micro topics are deleted with it.`,
    );
    if (ok) await perform(() => deleteSubject(subject.id), 'The subject was deleted.');
  };

  return (
    <section className="card kg-subject" aria-labelledby={`${bodyId}-title`}>
      {editing ? (
        <InlineForm
          label={`Edit ${subject.name}`}
          fields={SUBJECT_FIELDS}
          initial={{ name: subject.name, description: subject.description }}
          submitLabel="Save"
          onSubmit={(v) =>
            perform(
              () => updateSubject(subject.id, { name: v.name ?? '', description: v.description ?? '' }),
              'The subject was saved.',
            )
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <header className="kg-row kg-row--subject">
          <h2 id={`${bodyId}-title`} className="kg-row__title">
            <button
              type="button"
              className="kg-toggle"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen((o) => !o)}
            >
              <span aria-hidden="true" className="kg-toggle__icon">
                {open ? '▾' : '▸'}
              </span>
              {subject.name}
            </button>
          </h2>
          <span className="kg-row__meta">
            {plural(subject.sub_topics.length, 'sub topic')} · {plural(microCount, 'micro topic')}
          </span>
          <RowActions
            name={subject.name}
            index={index}
            count={siblings.length}
            busy={busy}
            editLabel="Edit"
            onEdit={() => setEditing(true)}
            onMove={move}
            onDelete={remove}
          />
        </header>
      )}
      {!editing && subject.description && <p className="kg-subject__description">{subject.description}</p>}
      <div id={bodyId} hidden={!open}>
        <ul className="kg-list">
          {subject.sub_topics.map((subTopic, i) => (
            <SubTopicItem
              key={subTopic.id}
              subTopic={subTopic}
              siblings={subject.sub_topics}
              index={i}
              {...actions}
            />
          ))}
        </ul>
        {adding ? (
          <InlineForm
            label={`New sub topic in ${subject.name}`}
            fields={SUB_TOPIC_FIELDS}
            initial={{ name: '' }}
            submitLabel="Add sub topic"
            onSubmit={(v) =>
              perform(
                () => createSubTopic({ subject_id: subject.id, name: v.name ?? '' }),
                'The sub topic was added.',
              )
            }
            onCancel={() => setAdding(false)}
          />
        ) : (
          <button
            type="button"
            className="button button--small button--secondary"
            aria-label={`Add sub topic to ${subject.name}`}
            onClick={() => setAdding(true)}
          >
            Add sub topic
          </button>
        )}
      </div>
    </section>
  );
}

function SubTopicItem({
  subTopic,
  siblings,
  index,
  ...actions
}: TreeActions & { subTopic: SubTopic; siblings: SubTopic[]; index: number }) {
  const { perform, busy, onEditMicro, onAddMicro } = actions;
  const [editing, setEditing] = useState(false);

  const move = (step: -1 | 1) => {
    const ids = movedIds(siblings, subTopic.id, step);
    if (ids) void perform(() => reorderSiblings({ level: 'sub_topic', ids }));
  };
  const remove = async () => {
    const ok = await confirmDialog(
      `Delete the sub topic "${subTopic.name}"? Its micro topics are deleted with it.`,
    );
    if (ok) await perform(() => deleteSubTopic(subTopic.id), 'The sub topic was deleted.');
  };
  const moveMicro = (id: number, step: -1 | 1) => {
    const ids = movedIds(subTopic.micro_topics, id, step);
    if (ids) void perform(() => reorderSiblings({ level: 'micro_topic', ids }));
  };
  const removeMicro = async (id: number, name: string) => {
    const ok = await confirmDialog(`Delete the micro topic "${name}"?`);
    if (ok) await perform(() => deleteMicroTopic(id), 'The micro topic was deleted.');
  };

  return (
    <li className="kg-sub-topic">
      {editing ? (
        <InlineForm
          label={`Rename ${subTopic.name}`}
          fields={SUB_TOPIC_FIELDS}
          initial={{ name: subTopic.name }}
          submitLabel="Save"
          onSubmit={(v) =>
            perform(
              () => updateSubTopic(subTopic.id, { subject_id: subTopic.subject_id, name: v.name ?? '' }),
              'The sub topic was saved.',
            )
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="kg-row kg-row--sub-topic">
          <h3 className="kg-row__title">{subTopic.name}</h3>
          <span className="kg-row__meta">{plural(subTopic.micro_topics.length, 'micro topic')}</span>
          <RowActions
            name={subTopic.name}
            index={index}
            count={siblings.length}
            busy={busy}
            onEdit={() => setEditing(true)}
            onMove={move}
            onDelete={remove}
          />
        </div>
      )}
      <ul className="kg-list kg-list--micro">
        {subTopic.micro_topics.map((micro, i) => (
          <li key={micro.id} className="kg-row kg-row--micro">
            <span className="kg-row__title">{micro.name}</span>
            <span className="kg-row__meta">
              {plural(micro.question_count, 'question')}
              {micro.prerequisite_ids.length > 0 &&
                ` · ${plural(micro.prerequisite_ids.length, 'prerequisite')}`}
            </span>
            <RowActions
              name={micro.name}
              index={i}
              count={subTopic.micro_topics.length}
              busy={busy}
              editLabel="Edit"
              onEdit={() => onEditMicro(micro.id)}
              onMove={(step) => moveMicro(micro.id, step)}
              onDelete={() => void removeMicro(micro.id, micro.name)}
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--small button--secondary"
        aria-label={`Add micro topic to ${subTopic.name}`}
        onClick={() => onAddMicro(subTopic.id)}
      >
        Add micro topic
      </button>
    </li>
  );
}
