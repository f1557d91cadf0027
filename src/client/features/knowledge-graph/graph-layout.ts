import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { flattenTopics, layerTopics } from './graph-model.ts';
import type { TopicNode } from './graph-model.ts';

export const LAYOUT = {
  nodeWidth: 200,
  nodeHeight: 42,
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

const LINE_CHARS = 27;

/** A topic name in at most two lines that fit a node; the rest is cut with an ellipsis. */
export function labelLines(name: string, perLine = LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  const cut = (text: string) => (text.length > perLine ? `${text.slice(0, perLine - 1)}…` : text);
  if (lines.length <= 2) return lines.map(cut);
  return [cut(lines[0]!), cut(`${lines.slice(1).join(' ')}`).replace(/…?$/, '…')];
}

/** An orthogonal route through `points` with rounded corners. */
function roundedPath(points: [number, number][], radius: number): string {
  const pts = points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
  let d = `M${pts[0]![0]},${pts[0]![1]}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const [px, py] = pts[i - 1]!;
    const [cx, cy] = pts[i]!;
    const [nx, ny] = pts[i + 1]!;
    const r = Math.min(radius, Math.hypot(cx - px, cy - py) / 2, Math.hypot(nx - cx, ny - cy) / 2);
    const ax = cx - Math.sign(cx - px) * r;
    const ay = cy - Math.sign(cy - py) * r;
    const bx = cx + Math.sign(nx - cx) * r;
    const by = cy + Math.sign(ny - cy) * r;
    d += ` L${ax},${ay} Q${cx},${cy} ${bx},${by}`;
  }
  const last = pts[pts.length - 1]!;
  return `${d} L${last[0]},${last[1]}`;
}

/**
 * Neighbouring layers: one curve across the gap between them. Longer edges would cut through the
 * columns in between, so they go down the gap after their source, along the thin space above the
 * target's row, and down the gap before the target.
 */
function edgePath(x1: number, y1: number, x2: number, y2: number, laneY: number, span: number): string {
  const half = LAYOUT.columnGap / 2;
  if (span <= 1) return `M${x1},${y1} C${x1 + half},${y1} ${x2 - half},${y2} ${x2},${y2}`;
  return roundedPath(
    [
      [x1, y1],
      [x1 + half, y1],
      [x1 + half, laneY],
      [x2 - half, laneY],
      [x2 - half, y2],
      [x2, y2],
    ],
    8,
  );
}

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
      edges.push({
        from: p,
        to: n.id,
        path: edgePath(x1, y1, x2, y2, n.y - rowGap / 2, n.layer - from.layer),
      });
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
