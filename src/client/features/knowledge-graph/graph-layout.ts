import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { flattenTopics, layerTopics } from './graph-model.ts';
import type { TopicNode } from './graph-model.ts';

export const LAYOUT = {
  nodeWidth: 184,
  nodeHeight: 36,
  rowGap: 10,
  columnGap: 72,
  bandLabel: 26,
  bandGap: 14,
  padding: 16,
  header: 28,
} as const;

export type PlacedNode = TopicNode & { layer: number; x: number; y: number };
export type PlacedEdge = { from: number; to: number; path: string };
export type SubjectBand = { subject_id: number; name: string; index: number; y: number; height: number };

export type GraphLayout = {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  bands: SubjectBand[];
  layerCount: number;
  width: number;
  height: number;
};

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Layered drawing: one column per layer (prerequisites to the left of what they unlock), one horizontal
 * band per subject. Inside a band's column, topics follow the average row of their prerequisites, so
 * edges run as straight as the layering allows; ties keep the teaching order.
 */
export function layoutGraph(graph: KnowledgeGraph): GraphLayout {
  const topics = flattenTopics(graph);
  const layers = layerTopics(topics);
  const layerCount = topics.length ? Math.max(...topics.map((t) => layers.get(t.id) ?? 0)) + 1 : 0;

  // cells[subject][layer] = topics of that subject in that layer
  const cells = graph.subjects.map(() => Array.from({ length: layerCount }, () => [] as TopicNode[]));
  for (const t of topics) cells[t.subject_index]![layers.get(t.id) ?? 0]!.push(t);
  const rowsOfBand = cells.map((columns) => Math.max(1, ...columns.map((c) => c.length)));
  const bandStartRow: number[] = [];
  rowsOfBand.reduce((start, rows, i) => {
    bandStartRow[i] = start;
    return start + rows;
  }, 0);

  // Global row of each placed topic; layer by layer so every prerequisite already has one.
  const rowOf = new Map<number, number>();
  for (let layer = 0; layer < layerCount; layer++) {
    cells.forEach((columns, subjectIndex) => {
      const cell = columns[layer]!;
      const key = (t: TopicNode) => {
        const rows = t.prerequisite_ids.map((p) => rowOf.get(p)).filter((r) => r !== undefined);
        return rows.length ? mean(rows) : bandStartRow[subjectIndex]! + cell.indexOf(t);
      };
      const keyed = cell.map((t) => ({ t, k: key(t) }));
      keyed.sort((a, b) => a.k - b.k || a.t.order - b.t.order);
      keyed.forEach(({ t }, i) => rowOf.set(t.id, bandStartRow[subjectIndex]! + i));
    });
  }

  const { nodeWidth, nodeHeight, rowGap, columnGap, bandLabel, bandGap, padding, header } = LAYOUT;
  const rowHeight = nodeHeight + rowGap;
  const bandTop = (index: number) =>
    padding + header + index * (bandLabel + bandGap) + bandStartRow[index]! * rowHeight;
  const yOfRow = (row: number, subjectIndex: number) =>
    bandTop(subjectIndex) + bandLabel + (row - bandStartRow[subjectIndex]!) * rowHeight;

  const nodes: PlacedNode[] = topics.map((t) => {
    const layer = layers.get(t.id) ?? 0;
    return {
      ...t,
      layer,
      x: padding + layer * (nodeWidth + columnGap),
      y: yOfRow(rowOf.get(t.id) ?? 0, t.subject_index),
    };
  });
  const placed = new Map(nodes.map((n) => [n.id, n]));
  const edges: PlacedEdge[] = [];
  for (const n of nodes) {
    for (const p of n.prerequisite_ids) {
      const from = placed.get(p);
      if (!from) continue;
      const x1 = from.x + nodeWidth;
      const y1 = from.y + nodeHeight / 2;
      const x2 = n.x;
      const y2 = n.y + nodeHeight / 2;
      const bend = Math.max(columnGap / 2, (x2 - x1) / 3);
      edges.push({ from: p, to: n.id, path: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}` });
    }
  }

  const bands: SubjectBand[] = graph.subjects.map((s, index) => ({
    subject_id: s.id,
    name: s.name,
    index,
    y: bandTop(index),
    height: bandLabel + rowsOfBand[index]! * rowHeight - rowGap,
  }));
  const lastBand = bands[bands.length - 1];
  return {
    nodes,
    edges,
    bands,
    layerCount,
    width: padding * 2 + Math.max(1, layerCount) * (nodeWidth + columnGap) - columnGap,
    height: (lastBand ? lastBand.y + lastBand.height : padding + header) + padding,
  };
}
