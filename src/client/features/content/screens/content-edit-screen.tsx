import { Link, useNavigate } from 'react-router-dom';
import { PageTitle } from '../../../shell/page-title.tsx';
import { liveRoomPath } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useTargetSchools } from '../../assessments/index.ts';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { useKnowledgeGraph } from '../../knowledge-graph/index.ts';
import '../../../components/styles/back-office.css';
import { ContentForm } from '../components/content-form.tsx';
import { CONTENT_NOUN, editPath, listPath } from '../content-kind.ts';
import type { ContentKind } from '../content-kind.ts';
import '../content.css';
import { useContentItem } from '../use-content.ts';

/** Without `id` the screen creates a new one of `kind`. */
export type ContentEditScreenProps = { kind: ContentKind; id?: string };

export default function ContentEditScreen({ kind, id }: ContentEditScreenProps) {
  const { user } = useAuth();
  if (kind === 'lecture' && roleOf(user) !== 'admin')
    return <AdminsOnly text="Only admins manage lectures." />;
  return <ContentEditor key={`${kind}:${id ?? 'new'}`} kind={kind} id={id} />;
}

function ContentEditor({ kind, id }: ContentEditScreenProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const noun = CONTENT_NOUN[kind];
  const item = useContentItem(kind, id);
  const graph = useKnowledgeGraph();
  const schools = useTargetSchools();
  // Deleted, or another school's (a teacher's 404): say so, rather than offer a reload that cannot help.
  const missing = item.error instanceof ApiError && item.error.status === 404;
  usePageReady({ loading: item.loading, error: missing ? null : item.error });
  if (missing)
    return (
      <div className="screen bo-wide content-edit-screen">
        <EmptyState
          title={`No such ${noun.one}`}
          text={`This ${noun.one} was deleted, or it is not one you manage.`}
        >
          <Link to={listPath(kind)}>Back to the {noun.many}</Link>
        </EmptyState>
      </div>
    );

  const schoolsRequired = roleOf(user) !== 'admin';
  // A teacher's new item starts with their only school chosen, so it waits for their schools.
  const waitForSchools = id === undefined && schoolsRequired && schools.loading;
  const ready = id === undefined ? !waitForSchools : item.data !== undefined;
  const onlySchool = schoolsRequired && schools.data?.length === 1 ? [schools.data[0]!.id] : [];
  return (
    <div className="screen bo-wide content-edit-screen">
      <div className="screen__header">
        <PageTitle>{id === undefined ? `New ${noun.one}` : `Edit ${noun.one}`}</PageTitle>
        <Link to={listPath(kind)}>Back to the {noun.many}</Link>
        {kind === 'live-discussion' && id !== undefined && (
          <Link className="button button--secondary" to={liveRoomPath(id)}>
            Open room
          </Link>
        )}
      </div>
      {!ready ? (
        <Loading variant="centered" />
      ) : (
        <ContentForm
          kind={kind}
          item={item.data}
          graph={graph.data}
          schools={schools.data}
          schoolsRequired={schoolsRequired}
          initialSchools={onlySchool}
          onSaved={(saved) => {
            if (id === undefined) navigate(editPath(kind, saved.id), { replace: true });
          }}
          onLeave={() => navigate(listPath(kind))}
        />
      )}
    </div>
  );
}
