import { Fragment, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import { Dropdown } from '../../../components/dropdown.tsx';
import { LAYOUT, labelLines, layoutGraph } from '../graph-layout.ts';
import type { PlacedNode } from '../graph-layout.ts';
import { lineageOf, relationsOf } from '../graph-model.ts';

/** Subject colours: distinct hues that keep dark text readable on their tint. */
const PALETTE = ['#2f6f5e', '#8a4fbf', '#c0562b', '#2a6fb0', '#a8831c', '#b0357a', '#4d7a1f', '#4a5a8c'];
export const subjectColor = (index: number) => PALETTE[index % PALETTE.length]!;

const plural = (n: number) => `${n} topic${n === 1 ? '' : 's'}`;

function NodeLabel({ name }: { name: string }) {
  const lines = labelLines(name);
  const lineHeight = 15;
  const top = LAYOUT.nodeHeight / 2 - ((lines.length - 1) * lineHeight) / 2 + 4;
  return (
    <text x={14}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {/* A space between the lines (unseen at a line's end), so the text reads "Child Development",
              not "ChildDevelopment", and stays part of the node's name (WCAG 2.5.3). */}
          {i > 0 && ' '}
          <tspan x={14} y={top + i * lineHeight}>
            {line}
          </tspan>
        </Fragment>
      ))}
    </text>
  );
}

/**
 * The prerequisite DAG drawn in layers: a column per layer (left: no prerequisites), a band per
 * subject. Hovering or focusing a topic lights up everything before it and everything it unlocks.
 */
export function PrerequisiteMap({
  graph,
  onOpen,
}: {
  graph: KnowledgeGraph;
  onOpen: (microTopicId: number) => void;
}) {
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const relations = useMemo(() => relationsOf(layout.nodes), [layout]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const lineage = useMemo(
    () => (activeId === null ? null : lineageOf(activeId, relations)),
    [activeId, relations],
  );
  const byId = useMemo(() => new Map(layout.nodes.map((n) => [n.id, n])), [layout]);
  const findOptions = useMemo(
    () => layout.nodes.map((n) => ({ value: n.id, label: `${n.name} (${n.subject_name})` })),
    [layout],
  );
  const scrollRef = useRef<HTMLDivElement>(null);

  const find = (id: number | null) => {
    if (id === null) return;
    const node = scrollRef.current?.querySelector<SVGGElement>(`[data-topic-id="${id}"]`);
    node?.scrollIntoView?.({ block: 'center', inline: 'center', behavior: 'smooth' });
    node?.focus({ preventScroll: true });
  };

  if (layout.nodes.length === 0) {
    return <p className="kg-map__empty">Add micro topics to see how they build on each other.</p>;
  }

  const stateOf = (id: number) => {
    if (!lineage) return '';
    if (id === activeId) return ' is-active';
    if (lineage.before.has(id)) return ' is-before';
    if (lineage.after.has(id)) return ' is-after';
    return ' is-dim';
  };
  const edgeState = (from: number, to: number) => {
    if (!lineage || activeId === null) return '';
    if ((to === activeId || lineage.before.has(to)) && lineage.before.has(from)) return ' is-before';
    if ((from === activeId || lineage.after.has(from)) && lineage.after.has(to)) return ' is-after';
    return ' is-dim';
  };
  const active = activeId === null ? undefined : byId.get(activeId);

  const onKeyDown = (e: KeyboardEvent<SVGGElement>, id: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(id);
    }
  };
  const names = (ids: readonly number[] | undefined) =>
    ids?.length ? ids.map((id) => byId.get(id)?.name ?? `#${id}`).join(', ') : 'nothing';
  const statusOf = (id: number) => {
    const before = lineage?.before.size ?? 0;
    const after = lineage?.after.size ?? 0;
    return (
      `${byId.get(id)?.name}: needs ${names(relations.prerequisites.get(id))}; ` +
      `unlocks ${names(relations.dependents.get(id))}. In all, ${plural(before)} before it and ` +
      `${plural(after)} building on it.`
    );
  };
  const describe = (n: PlacedNode) => {
    const before = relations.prerequisites.get(n.id)?.length ?? 0;
    const after = relations.dependents.get(n.id)?.length ?? 0;
    return `${n.name}, ${n.subject_name}, level ${n.layer + 1}: ${before} prerequisite${before === 1 ? '' : 's'}, unlocks ${after}. Open the editor.`;
  };

  return (
    <div className="kg-map">
      <ul className="kg-map__legend" aria-label="Subjects">
        {layout.bands.map((b) => (
          <li key={b.subject_id}>
            <span
              className="kg-map__swatch"
              style={{ background: subjectColor(b.index) }}
              aria-hidden="true"
            />
            {b.name}
          </li>
        ))}
        <li className="kg-map__key">
          <span className="kg-map__swatch kg-map__swatch--before" aria-hidden="true" /> comes before
        </li>
        <li className="kg-map__key">
          <span className="kg-map__swatch kg-map__swatch--after" aria-hidden="true" /> builds on it
        </li>
      </ul>
      <div className="kg-map__find">
        <Dropdown
          label="Find a micro topic"
          options={findOptions}
          value={null}
          onChange={find}
          placeholder="Type a name"
        />
      </div>
      <p className="kg-map__status" aria-live="polite">
        {active
          ? statusOf(active.id)
          : 'Point at or focus a micro topic to trace its prerequisites; click it to edit.'}
      </p>
      <div ref={scrollRef} className="kg-map__scroll">
        <svg
          className="kg-map__svg"
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="group"
          aria-label="Prerequisite map"
        >
          <defs>
            {['', '-before', '-after'].map((variant) => (
              <marker
                key={variant}
                id={`kg-arrow${variant}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto"
              >
                <path d="M0,0 L10,5 L0,10 z" className={`kg-map__arrow kg-map__arrow${variant}`} />
              </marker>
            ))}
          </defs>
          {Array.from({ length: layout.layerCount }, (_, layer) => (
            <text
              key={layer}
              className="kg-map__layer-label"
              x={LAYOUT.padding + layer * (LAYOUT.nodeWidth + LAYOUT.columnGap)}
              y={LAYOUT.padding + 14}
            >
              {layer === 0 ? 'Level 1 · starting points' : `Level ${layer + 1}`}
            </text>
          ))}
          {layout.bands.map((b) => (
            <g key={b.subject_id}>
              <rect
                className="kg-map__band"
                x={LAYOUT.padding / 2}
                y={b.y - 4}
                width={layout.width - LAYOUT.padding}
                height={b.height + 8}
                rx={8}
                style={{ fill: subjectColor(b.index) }}
              />
              <text
                className="kg-map__band-label"
                x={LAYOUT.padding}
                y={b.y + 16}
                style={{ fill: subjectColor(b.index) }}
              >
                {b.name}
              </text>
            </g>
          ))}
          <g aria-hidden="true">
            {layout.edges.map((e) => {
              const state = edgeState(e.from, e.to);
              const marker = state === ' is-before' ? '-before' : state === ' is-after' ? '-after' : '';
              return (
                <path
                  key={`${e.from}-${e.to}`}
                  className={`kg-map__edge${state}`}
                  d={e.path}
                  markerEnd={`url(#kg-arrow${marker})`}
                />
              );
            })}
          </g>
          {layout.nodes.map((n) => (
            <g
              key={n.id}
              className={`kg-map__node${stateOf(n.id)}`}
              transform={`translate(${n.x},${n.y})`}
              role="button"
              tabIndex={0}
              aria-label={describe(n)}
              data-topic-id={n.id}
              onMouseEnter={() => setActiveId(n.id)}
              onMouseLeave={() => setActiveId(null)}
              onFocus={() => setActiveId(n.id)}
              onBlur={() => setActiveId(null)}
              onClick={() => onOpen(n.id)}
              onKeyDown={(e) => onKeyDown(e, n.id)}
            >
              <title>{`${n.name} — ${n.subject_name} › ${n.sub_topic_name}`}</title>
              <rect
                width={LAYOUT.nodeWidth}
                height={LAYOUT.nodeHeight}
                rx={6}
                style={{ stroke: subjectColor(n.subject_index) }}
              />
              <rect
                width={6}
                height={LAYOUT.nodeHeight}
                rx={3}
                className="kg-map__node-stripe"
                style={{ fill: subjectColor(n.subject_index) }}
              />
              <NodeLabel name={n.name} />
            </g>
          ))}
        </svg>
      </div>
    </div>
  );
}
