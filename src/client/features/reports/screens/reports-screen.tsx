import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageReady } from '../../../shell/page-load.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { ActivityTab } from '../components/activity-tab.tsx';
import { InactiveTab } from '../components/inactive-tab.tsx';
import { ItemsTab } from '../components/items-tab.tsx';
import { RankingsTab } from '../components/rankings-tab.tsx';
import { useSchoolRanking } from '../use-reports.ts';
import '../reports.css';
import { PageTitle } from '../../../shell/page-title.tsx';

const TABS = [
  { id: 'rankings', label: 'Rankings' },
  { id: 'items', label: 'Item analysis' },
  { id: 'activity', label: 'Activity' },
  { id: 'inactive', label: 'Inactive students' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Reports: rankings, item analysis, activity per day and inactive students; a teacher sees their schools. */
export default function ReportsScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'rankings';
  const schoolParam = Number(params.get('school'));
  const schoolId = Number.isInteger(schoolParam) && schoolParam > 0 ? schoolParam : undefined;
  // The schools the caller may see, for the filter (a teacher: their own).
  const schools = useSchoolRanking('score');
  usePageReady({ loading: schools.loading && !schools.data, error: schools.data ? null : schools.error });

  const go = (next: { tab?: TabId; school?: number | undefined }) => {
    const p: Record<string, string> = {};
    const t = next.tab ?? tab;
    if (t !== 'rankings') p.tab = t;
    const s = 'school' in next ? next.school : schoolId;
    if (s) p.school = String(s);
    setParams(p, { replace: true });
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(at + step + TABS.length) % TABS.length]!;
    go({ tab: next.id });
    document.getElementById(`reports-tab-${next.id}`)?.focus();
  };

  return (
    <div className="screen reports-screen">
      <PageTitle>Reports</PageTitle>
      {!isAdmin && <p className="reports-note">You see the students of your schools.</p>}
      <div className="reports-controls">
        <label>
          School
          <select
            value={schoolId ?? ''}
            onChange={(e) => go({ school: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{isAdmin ? 'All schools' : 'All my schools'}</option>
            {(schools.data?.data ?? []).map((s) => (
              <option key={s.school_id} value={s.school_id}>
                {s.school_name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="reports-tabs" role="tablist" aria-label="Reports" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`reports-tab-${t.id}`}
            type="button"
            role="tab"
            className="reports-tabs__tab"
            aria-selected={t.id === tab}
            aria-controls="reports-panel"
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => go({ tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id="reports-panel"
        role="tabpanel"
        aria-labelledby={`reports-tab-${tab}`}
        className="reports-screen"
      >
        {tab === 'rankings' && <RankingsTab schoolId={schoolId} />}
        {tab === 'items' && <ItemsTab schoolId={schoolId} />}
        {tab === 'activity' && <ActivityTab schoolId={schoolId} />}
        {tab === 'inactive' && <InactiveTab schoolId={schoolId} />}
      </div>
    </div>
  );
}
