import { useState } from 'react';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { Loading } from '../../../components/loading.tsx';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { KnowledgeTree } from '../components/knowledge-tree.tsx';
import { MicroTopicEditor } from '../components/micro-topic-editor.tsx';
import type { EditorTarget } from '../components/micro-topic-editor.tsx';
import { PrerequisiteMap } from '../components/prerequisite-map.tsx';
import '../knowledge-graph.css';
import '../../../components/styles/back-office.css';
import { useGraphActions } from '../use-graph-actions.ts';
import { useKnowledgeGraph } from '../use-knowledge-graph.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

type View = 'tree' | 'map';
const VIEWS: { id: View; label: string }[] = [
  { id: 'tree', label: 'Topics' },
  { id: 'map', label: 'Prerequisite map' },
];

export default function KnowledgeGraphScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  if (!isAdmin) return <AdminsOnly text="Only admins manage the knowledge graph." />;
  return <KnowledgeGraphManager />;
}

function KnowledgeGraphManager() {
  const graph = useKnowledgeGraph();
  usePageReady(graph);
  const { perform, busy } = useGraphActions(graph.reload);
  const [view, setView] = useState<View>('tree');
  const [editor, setEditor] = useState<EditorTarget | null>(null);

  const data = graph.data;
  const microCount =
    data?.subjects.reduce((n, s) => n + s.sub_topics.reduce((m, t) => m + t.micro_topics.length, 0), 0) ?? 0;

  return (
    <div className="screen kg-screen">
      <div className="screen__header">
        <PageTitle>Manage Knowledge Graph</PageTitle>
        {data && (
          <p className="kg-screen__summary">
            {data.subjects.length} subjects · {microCount} micro topics
          </p>
        )}
      </div>
      <OfflineStamp updatedAt={graph.updatedAt} saved={graph.saved} />
      <div className="tabs" role="tablist" aria-label="Views of the knowledge graph">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            id={`kg-tab-${v.id}`}
            type="button"
            role="tab"
            aria-selected={view === v.id}
            aria-controls={`kg-panel-${v.id}`}
            className={`tabs__tab${view === v.id ? ' is-selected' : ''}`}
            onClick={() => setView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
      {!data ? (
        <Loading variant="centered" />
      ) : (
        <div id={`kg-panel-${view}`} role="tabpanel" aria-labelledby={`kg-tab-${view}`}>
          {view === 'tree' ? (
            <KnowledgeTree
              graph={data}
              perform={perform}
              busy={busy}
              onEditMicro={(id) => setEditor({ mode: 'edit', id })}
              onAddMicro={(subTopicId) => setEditor({ mode: 'create', subTopicId })}
            />
          ) : (
            <PrerequisiteMap graph={data} onOpen={(id) => setEditor({ mode: 'edit', id })} />
          )}
        </div>
      )}
      {data && editor && (
        <MicroTopicEditor
          key={editor.mode === 'edit' ? `edit-${editor.id}` : `create-${editor.subTopicId}`}
          graph={data}
          target={editor}
          perform={perform}
          busy={busy}
          onClose={() => setEditor(null)}
        />
      )}
    </div>
  );
}
