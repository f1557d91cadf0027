import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { Loading } from '../../../components/loading.tsx';
import type { Assessment } from '../../../../shared/contracts/assessments.ts';
import '../assessments.css';
import { AssessmentForm } from '../components/assessment-form.tsx';
import { AssessmentPreview } from '../components/assessment-preview.tsx';
import { AssessmentOverrides } from '../components/assessment-overrides.tsx';
import { AssessmentResults } from '../components/assessment-results.tsx';
import { useEditableAssessment, useTargetSchools } from '../use-assessments.ts';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { useKnowledgeGraph } from '../../knowledge-graph/index.ts';
import '../../../components/styles/back-office.css';
import '../../../components/styles/questions.css';
import { ASSESSMENT_NOUN, assessmentPath, assessmentsPath } from '../assessment-kind.ts';
import type { AssessmentKind } from '../assessment-kind.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

/** Without `id` the screen creates a new one of `kind`. */
export type AssessmentEditScreenProps = { kind: AssessmentKind; id?: string };

export default function AssessmentEditScreen({ kind, id }: AssessmentEditScreenProps) {
  const { user } = useAuth();
  if (kind === 'diagnostic' && roleOf(user) !== 'admin')
    return <AdminsOnly text="Only admins manage diagnostics." />;
  // Keyed: another assessment (or the new one just created) starts from its own saved state.
  return <AssessmentEditor key={`${kind}-${id ?? 'new'}`} kind={kind} id={id} />;
}

type Tab = 'settings' | 'preview' | 'results' | 'overrides';
const TAB_LABELS: Record<Tab, string> = {
  settings: 'Settings',
  preview: 'Preview',
  results: 'Results',
  overrides: 'Extra time and overrides',
};

function AssessmentEditor({ kind, id }: AssessmentEditScreenProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const noun = ASSESSMENT_NOUN[kind];
  const editable = useEditableAssessment(id);
  const graph = useKnowledgeGraph();
  const schools = useTargetSchools();
  usePageReady({ loading: editable.loading, error: editable.error });
  const [tab, setTab] = useState<Tab>('settings');
  // The last saved version: the preview and the title follow it without refetching the form's data.
  const [saved, setSaved] = useState<Assessment | null>(null);
  const current = saved ?? editable.data?.assessment;

  const loaded = editable.data?.assessment;
  // A diagnostic opened under /admin/quiz/{id} (or any kind under another's route) belongs on its own route.
  if (loaded && loaded.kind !== kind) return <Navigate to={assessmentPath(loaded.kind, loaded.id)} replace />;
  const readOnly = loaded !== undefined && !loaded.can_edit;
  const schoolsRequired = roleOf(user) !== 'admin';
  // A teacher's new one starts with their only school chosen, so it waits for their schools (not for long:
  // a failed look-up still opens the form, with nothing chosen).
  const waitForSchools = id === undefined && schoolsRequired && schools.loading;
  const ready = id === undefined ? !waitForSchools : editable.data !== undefined;
  const onlySchool = schoolsRequired && schools.data?.length === 1 ? [schools.data[0]!.id] : [];
  // Extra time and overrides: for those who manage it (the server refuses anyone else); the diagnostic has none.
  const tabs: Tab[] =
    current && current.kind !== 'diagnostic' && current.can_edit
      ? ['settings', 'preview', 'results', 'overrides']
      : ['settings', 'preview', 'results'];
  const title = id === undefined ? `New ${noun.one}` : (current?.title ?? `Edit ${noun.one}`);
  return (
    <div className="screen bo-wide assessment-edit-screen">
      <div className="screen__header">
        <PageTitle>{title}</PageTitle>
        {current && kind !== 'diagnostic' && (
          <Link to={PATHS.adminAssessmentLive(current.id)}>Live view</Link>
        )}
        <Link to={assessmentsPath(kind)}>Back to the {noun.many}</Link>
      </div>
      {current && (
        <div className="tabs" role="tablist" aria-label={`${noun.one} views`}>
          {tabs.map((t) => (
            <button
              key={t}
              id={`assessment-tab-${t}`}
              type="button"
              role="tab"
              aria-selected={tab === t}
              aria-controls={`assessment-panel-${t}`}
              className={`tabs__tab${tab === t ? ' is-selected' : ''}`}
              onClick={() => setTab(t)}
            >
              {TAB_LABELS[t]}
            </button>
          ))}
        </div>
      )}
      {!ready ? (
        <Loading variant="centered" />
      ) : (
        <>
          {/* Hidden, not unmounted: switching to the preview must not lose unsaved settings. */}
          <div
            id="assessment-panel-settings"
            role={current ? 'tabpanel' : undefined}
            aria-labelledby={current ? 'assessment-tab-settings' : undefined}
            hidden={tab !== 'settings'}
          >
            <AssessmentForm
              key={editable.data?.assessment.id ?? 'new'}
              kind={kind}
              noun={noun.one}
              assessment={editable.data?.assessment}
              questions={editable.data?.questions ?? []}
              graph={graph.data}
              schools={schools.data}
              schoolsRequired={schoolsRequired}
              defaultSchoolIds={onlySchool}
              readOnly={readOnly}
              onSaved={(a) => {
                setSaved(a);
                if (id === undefined) navigate(assessmentPath(kind, a.id), { replace: true });
              }}
              onDeleted={() => navigate(assessmentsPath(kind))}
              onCancel={() => navigate(assessmentsPath(kind))}
            />
          </div>
          {current && tab === 'preview' && (
            <div id="assessment-panel-preview" role="tabpanel" aria-labelledby="assessment-tab-preview">
              <AssessmentPreview key={current.updated_at} assessment={current} />
            </div>
          )}
          {current && tab === 'overrides' && tabs.includes('overrides') && (
            <div id="assessment-panel-overrides" role="tabpanel" aria-labelledby="assessment-tab-overrides">
              <AssessmentOverrides assessment={current} schools={schools.data} />
            </div>
          )}
          {current && tab === 'results' && (
            <div id="assessment-panel-results" role="tabpanel" aria-labelledby="assessment-tab-results">
              <AssessmentResults id={current.id} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
