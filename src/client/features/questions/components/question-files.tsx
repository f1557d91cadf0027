import { useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import {
  IMPORT_FORMATS,
  IMPORT_FORMAT_LABELS,
  QUESTION_TYPE_LABELS,
} from '../../../../shared/contracts/questions.ts';
import type { ImportFormat, ImportResult } from '../../../../shared/contracts/questions.ts';
import { richTextToPlain } from '../../../../shared/rich-text.ts';
import { saveTextFile } from '../../../components/list-kit/index.ts';
import { showToast } from '../../../components/toast.tsx';
import { topicOptions } from '../../../components/topic-options.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { exportQuestionsFile, importQuestionsFile } from '../questions.api.ts';
import type { QuestionFilters } from '../questions.api.ts';

const EXPORT_NAMES: Record<ImportFormat, { name: string; type: string }> = {
  csv: { name: 'pathbuilder-questions.csv', type: 'text/csv;charset=utf-8' },
  moodle_xml: { name: 'pathbuilder-questions.xml', type: 'application/xml;charset=utf-8' },
  gift: { name: 'pathbuilder-questions.gift.txt', type: 'text/plain;charset=utf-8' },
};
const ACCEPT: Record<ImportFormat, string> = {
  csv: '.csv,text/csv',
  moodle_xml: '.xml,application/xml,text/xml',
  gift: '.txt,.gift,text/plain',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.errors) return Object.values(error.errors).flat().join(' ');
  return errorMessage(error);
}

function save(text: string, format: ImportFormat): void {
  const { name, type } = EXPORT_NAMES[format];
  saveTextFile(text, name, type);
}

/**
 * Questions in and out in CSV, Moodle XML or GIFT: a chosen file is previewed by the server (what will be
 * stored, what is refused and why, what is already in the bank) and written only on "Import".
 */
export function QuestionFiles({
  filters,
  graph,
  onImported,
}: {
  filters: QuestionFilters;
  graph: KnowledgeGraph | undefined;
  onImported: () => void;
}) {
  const ids = { format: useId(), topic: useId(), file: useId(), exportFormat: useId() };
  const [format, setFormat] = useState<ImportFormat>('moodle_xml');
  const [topic, setTopic] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportFormat, setExportFormat] = useState<ImportFormat>('moodle_xml');
  const input = useRef<HTMLInputElement>(null);
  const topics = useMemo(() => topicOptions(graph).microTopics, [graph]);

  const ask = async (chosen: File, confirm: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      return await importQuestionsFile(chosen, format, { confirm, microTopicId: topic });
    } catch (error) {
      setProblem(problemOf(error));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    // Cleared, so that choosing the same file again (after Cancel, or after fixing it) previews it again.
    event.currentTarget.value = '';
    if (!chosen) return;
    setFile(chosen);
    setPreview(await ask(chosen, false));
  };

  const cancel = () => {
    setPreview(null);
    setFile(null);
    setProblem(null);
  };

  const confirm = async () => {
    if (!file) return;
    const result = await ask(file, true);
    if (!result) return;
    showToast({
      title: 'Questions imported',
      message: `${plural(result.created, 'question')} imported.`,
      type: 'success',
    });
    cancel();
    onImported();
  };

  const onExport = async () => {
    setBusy(true);
    try {
      const { text, skipped } = await exportQuestionsFile(filters, exportFormat);
      save(text, exportFormat);
      if (skipped)
        showToast({
          title: 'Some questions left out',
          message: `${plural(skipped, 'ordering question')} cannot be written in GIFT and ${skipped === 1 ? 'was' : 'were'} left out.`,
          type: 'info',
        });
    } catch (error) {
      showToast({ title: 'Export failed', message: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card question-files" aria-labelledby={`${ids.format}-title`}>
      <h2 id={`${ids.format}-title`}>Moodle XML, GIFT and CSV files</h2>
      <div className="bo-toolbar">
        <label htmlFor={ids.format}>Import format</label>
        <select
          id={ids.format}
          value={format}
          disabled={busy || preview !== null}
          onChange={(e) => setFormat(e.currentTarget.value as ImportFormat)}
        >
          {IMPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {IMPORT_FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
        <label htmlFor={ids.topic}>Micro topic for questions that name none</label>
        <select
          id={ids.topic}
          value={topic ?? ''}
          disabled={busy || preview !== null}
          onChange={(e) => setTopic(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        >
          <option value="">None</option>
          {topics.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <label htmlFor={ids.file} className="visually-hidden">
          File to import
        </label>
        <input
          ref={input}
          id={ids.file}
          type="file"
          accept={ACCEPT[format]}
          className="visually-hidden"
          tabIndex={-1}
          disabled={busy || preview !== null}
          onChange={onFile}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || preview !== null}
          onClick={() => input.current?.click()}
        >
          {busy && !preview ? 'Reading the file...' : 'Choose a file to import'}
        </button>
      </div>
      {problem && (
        <div className="form-message form-message--error" role="alert">
          {problem}
        </div>
      )}
      {preview && <ImportFilePreview result={preview} busy={busy} onConfirm={confirm} onCancel={cancel} />}
      <div className="bo-toolbar">
        <label htmlFor={ids.exportFormat}>Export format</label>
        <select
          id={ids.exportFormat}
          value={exportFormat}
          onChange={(e) => setExportFormat(e.currentTarget.value as ImportFormat)}
        >
          {IMPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {IMPORT_FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onExport}>
          Export questions
        </button>
      </div>
    </section>
  );
}

/** What the file would add: the questions as they will be stored, the refused ones with their reasons. */
function ImportFilePreview({
  result,
  busy,
  onConfirm,
  onCancel,
}: {
  result: ImportResult;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const questions = result.questions ?? [];
  const fresh = questions.filter((q) => !q.already_in_bank).length;
  return (
    <div className="question-files__preview" aria-label="File import preview" role="region">
      <p>
        Nothing is imported until you confirm. {plural(fresh, 'question')} will be imported
        {result.already_in_bank ? `, ${result.already_in_bank} already in the bank` : ''}
        {result.rejected.length ? `, ${result.rejected.length} rejected` : ''}.
      </p>
      {questions.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption>Questions in the file</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Type</th>
                <th scope="col">Question</th>
                <th scope="col">Micro topic</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {questions.map((q) => (
                <tr key={q.row}>
                  <td>{q.row}</td>
                  <td>{QUESTION_TYPE_LABELS[q.type]}</td>
                  <td>{richTextToPlain(q.stem)}</td>
                  <td>{q.micro_topic_name}</td>
                  <td>{q.notes.join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.rejected.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption>Rejected</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Question</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {result.rejected.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <td>{r.title ?? ''}</td>
                  <td>{r.errors.join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="bo-toolbar">
        <button type="button" className="button" disabled={busy || fresh === 0} onClick={onConfirm}>
          {busy ? 'Importing...' : `Import ${plural(fresh, 'question')}`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
