import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  needsAttention,
  notHeardFrom,
  summarize,
  waitingToSync,
  type ExamLiveRow,
  type ExamLiveSummary,
} from '../../../../shared/contracts/exam-live.ts';
import { showToast } from '../../../components/toast.tsx';
import { userMessage } from '../../../lib/http.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';
import { PATHS } from '../../../shell/paths.ts';
import '../../../components/styles/back-office.css';
import '../exam-live.css';
import { giveExtraTime } from '../exam-live.api.ts';
import { useExamLive, type ExamLiveState } from '../use-exam-live.ts';

type Filter = 'all' | 'attention' | ExamLiveRow['state'] | 'waiting' | 'silent';
type Sort = 'attention' | 'name' | 'time_left' | 'last_heard';

const FILTERS: Array<{
  key: Filter;
  label: string;
  count: (s: ExamLiveSummary, attention: number) => number;
}> = [
  { key: 'all', label: 'All', count: (s) => s.students },
  { key: 'attention', label: 'Needs attention', count: (_, a) => a },
  { key: 'not_started', label: 'Not started', count: (s) => s.not_started },
  { key: 'answering', label: 'Answering', count: (s) => s.answering },
  { key: 'submitted', label: 'Submitted', count: (s) => s.submitted },
  { key: 'auto_submitted', label: 'Auto-submitted', count: (s) => s.auto_submitted },
  { key: 'waiting', label: 'Waiting to sync', count: (s) => s.waiting_to_sync },
  { key: 'silent', label: 'Not heard from in over a minute', count: (s) => s.not_heard_from },
];

const time = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { timeStyle: 'medium' });

function ago(iso: string | null, now: number): string {
  if (!iso) return '—';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function stateText(r: ExamLiveRow): string {
  if (r.state === 'not_started') return 'Not started';
  if (r.state === 'answering') return `Answering ${r.answered} of ${r.questions}`;
  if (r.state === 'submitted') return 'Submitted';
  return 'Auto-submitted';
}

function overrideText(r: ExamLiveRow): string {
  const o = r.override;
  if (!o) return '—';
  const parts: string[] = [];
  if (o.extra_minutes) parts.push(`+${o.extra_minutes} min`);
  if (o.time_multiplier) parts.push(`×${o.time_multiplier}`);
  if (o.closes_at) parts.push(`closes ${new Date(o.closes_at).toLocaleString()}`);
  if (o.attempts_allowed) parts.push(`${o.attempts_allowed} attempts`);
  return parts.join(', ') || '—';
}

/** The live view of an assessment being taken: who is where, who is silent, whose answers wait on their device. */
export default function ExamLiveScreen({ id }: { id: string }) {
  const assessmentId = Number(id);
  const live = useExamLive(assessmentId);
  usePageReady({ loading: live.loading, error: live.assessment ? null : live.error });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const [filter, setFilter] = useState<Filter>('all');
  const [sort, setSort] = useState<Sort>('attention');
  const [search, setSearch] = useState('');

  const serverNow = now + live.clockOffsetMs;
  const summary = useMemo(() => summarize(live.rows, serverNow), [live.rows, serverNow]);
  const attention = useMemo(
    () => live.rows.filter((r) => needsAttention(r, serverNow)).length,
    [live.rows, serverNow],
  );
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const matches = (r: ExamLiveRow) =>
      (filter === 'all' ||
        (filter === 'attention' && needsAttention(r, serverNow)) ||
        (filter === 'waiting' && waitingToSync(r)) ||
        (filter === 'silent' && notHeardFrom(r, serverNow)) ||
        filter === r.state) &&
      (!q || r.full_name.toLowerCase().includes(q) || (r.school_name ?? '').toLowerCase().includes(q));
    const byName = (a: ExamLiveRow, b: ExamLiveRow) => a.full_name.localeCompare(b.full_name);
    const left = (r: ExamLiveRow) =>
      r.deadline_at && r.state === 'answering' ? Date.parse(r.deadline_at) : Infinity;
    const heard = (r: ExamLiveRow) => (r.last_heard_at ? Date.parse(r.last_heard_at) : -Infinity);
    const order: Record<Sort, (a: ExamLiveRow, b: ExamLiveRow) => number> = {
      attention: (a, b) =>
        Number(needsAttention(b, serverNow)) - Number(needsAttention(a, serverNow)) ||
        Number(b.state === 'answering') - Number(a.state === 'answering') ||
        byName(a, b),
      name: byName,
      time_left: (a, b) => left(a) - left(b) || byName(a, b),
      last_heard: (a, b) => heard(a) - heard(b) || byName(a, b),
    };
    return live.rows.filter(matches).sort(order[sort]);
  }, [live.rows, filter, sort, search, serverNow]);

  if (!live.assessment) {
    if (live.error) return <p className="field__errors">{userMessage(live.error)}</p>;
    return null;
  }
  const backTo =
    live.assessment.kind === 'exam' ? PATHS.adminExam(assessmentId) : PATHS.adminQuiz(assessmentId);
  const stale = live.stream !== 'live';
  return (
    <div className="screen bo-wide exam-live">
      <div className="screen__header">
        <PageTitle>Live view: {live.assessment.title}</PageTitle>
        <Link to={backTo}>Back to the {live.assessment.kind === 'exam' ? 'exam' : 'quiz'}</Link>
      </div>
      <StreamNotice live={live} />

      <div className="exam-live__filters" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={`exam-live__filter${filter === f.key ? ' is-selected' : ''}`}
            aria-pressed={filter === f.key}
            onClick={() => setFilter(f.key)}
          >
            {f.label} <strong>{f.count(summary, attention)}</strong>
          </button>
        ))}
      </div>
      <div className="exam-live__tools">
        <label>
          Search <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          Sort by{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="attention">Needs attention first</option>
            <option value="name">Name</option>
            <option value="time_left">Time left</option>
            <option value="last_heard">Last heard from (longest ago first)</option>
          </select>
        </label>
      </div>

      <section
        className={`card table-scroll${stale ? ' exam-live--stale' : ''}`}
        tabIndex={0}
        aria-label="Students"
      >
        <table className="data-table exam-live__table">
          <caption>
            Students ({shown.length} of {live.rows.length})
          </caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">State</th>
              <th scope="col">Last heard from</th>
              <th scope="col">Waiting to sync</th>
              <th scope="col">Time left</th>
              <th scope="col">Offline grace</th>
              <th scope="col">Extra time</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <Row
                key={r.user_id}
                row={r}
                serverNow={serverNow}
                assessmentId={assessmentId}
                onGiven={live.reload}
              />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** Whether what is shown is current: never old data as fresh. */
function StreamNotice({ live }: { live: ExamLiveState & { reload: () => Promise<void> } }) {
  if (live.stream === 'live')
    return (
      <p className="exam-live__notice exam-live__notice--live" role="status">
        Live: rows update as students work.
      </p>
    );
  const asOf = live.staleSince ?? live.asOf;
  const since = asOf ? ` Shown as it was at ${time(asOf)}.` : '';
  const text =
    live.stream === 'closed'
      ? live.closedWhy === 'ended'
        ? `This assessment has closed and no attempt is open: the view no longer updates.${since}`
        : `The live updates stopped (you may have been signed out).${since}`
      : live.stream === 'connecting'
        ? `Connecting to live updates…${since}`
        : live.stream === 'offline'
          ? `Offline: not updating.${since}`
          : `Disconnected: not updating, reconnecting…${since}`;
  return (
    <p className="exam-live__notice exam-live__notice--stale" role="status">
      {text}{' '}
      {live.stream === 'closed' && (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => void live.reload()}
        >
          Refresh
        </button>
      )}
    </p>
  );
}

function Row({
  row: r,
  serverNow,
  assessmentId,
  onGiven,
}: {
  row: ExamLiveRow;
  serverNow: number;
  assessmentId: number;
  onGiven: () => Promise<void>;
}) {
  const silent = notHeardFrom(r, serverNow);
  const waiting = waitingToSync(r);
  return (
    <tr
      className={needsAttention(r, serverNow) ? 'exam-live__row--attention' : undefined}
      data-user={r.user_id}
    >
      <th scope="row">
        {r.full_name}
        {r.school_name && <div className="bo-table__muted">{r.school_name}</div>}
      </th>
      <td>
        <span
          className={`badge${r.state === 'answering' ? ' badge--info' : r.state === 'submitted' ? ' badge--success' : r.state === 'auto_submitted' ? ' badge--warning' : ''}`}
        >
          {stateText(r)}
        </span>
      </td>
      <td className={silent ? 'exam-live__alert' : undefined}>
        {ago(r.last_heard_at, serverNow)}
        {silent && <div className="bo-table__muted">Not heard from in over a minute</div>}
      </td>
      <td className={waiting ? 'exam-live__alert' : undefined}>
        {r.outbox_size === null ? '—' : `${r.outbox_size} answer${r.outbox_size === 1 ? '' : 's'}`}
        {r.outbox_reported_at && r.outbox_size !== null && (
          <div className="bo-table__muted">reported {ago(r.outbox_reported_at, serverNow)}</div>
        )}
      </td>
      <td className="exam-live__time">
        {r.state === 'answering' && r.deadline_at ? clock(Date.parse(r.deadline_at) - serverNow) : '—'}
      </td>
      <td>{r.used_offline_grace ? 'Used' : '—'}</td>
      <td>{overrideText(r)}</td>
      <td>
        {(r.state === 'answering' || r.state === 'not_started') && (
          <ExtraTime row={r} assessmentId={assessmentId} onGiven={onGiven} />
        )}
      </td>
    </tr>
  );
}

function ExtraTime({
  row,
  assessmentId,
  onGiven,
}: {
  row: ExamLiveRow;
  assessmentId: number;
  onGiven: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [custom, setCustom] = useState('');
  const give = async (minutes: number) => {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 600) {
      showToast({
        title: 'Extra time',
        message: 'Give a whole number of minutes from 1 to 600.',
        type: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      const total = await giveExtraTime(assessmentId, row.user_id, minutes);
      showToast({
        title: 'Extra time given',
        message: `${row.full_name} has ${minutes} more minute${minutes === 1 ? '' : 's'} (${total} extra in all).`,
        type: 'success',
      });
      setCustom('');
      await onGiven();
    } catch (error) {
      showToast({ title: 'Extra time not given', message: userMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="exam-live__actions" role="group" aria-label={`Give ${row.full_name} extra time`}>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => void give(5)}
      >
        +5 min
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={busy}
        onClick={() => void give(10)}
      >
        +10 min
      </button>
      <form
        className="exam-live__custom"
        onSubmit={(e) => {
          e.preventDefault();
          void give(Number(custom));
        }}
      >
        <input
          type="number"
          min={1}
          max={600}
          inputMode="numeric"
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          aria-label={`Other number of minutes for ${row.full_name}`}
          placeholder="min"
        />
        <button type="submit" className="button button--small button--secondary" disabled={busy || !custom}>
          Add
        </button>
      </form>
    </div>
  );
}
