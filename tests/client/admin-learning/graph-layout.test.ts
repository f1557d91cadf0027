import { describe, expect, it } from 'vitest';
import type { KnowledgeGraph } from '../../../src/shared/contracts/knowledge-graph.ts';
import {
  LAYOUT,
  labelLines,
  layoutGraph,
} from '../../../src/client/features/knowledge-graph/graph-layout.ts';
import { layerTopics } from '../../../src/client/features/knowledge-graph/graph-model.ts';
import { makeGraph } from './fixtures.ts';

describe('layerTopics', () => {
  it('puts every topic below all of its prerequisites, at the depth of its longest chain', () => {
    // 1 → 2 → 3 → 5, and 4 → 5: topic 5 waits for the longest chain.
    const layers = layerTopics([
      { id: 5, prerequisite_ids: [4, 3] },
      { id: 4, prerequisite_ids: [] },
      { id: 3, prerequisite_ids: [2] },
      { id: 2, prerequisite_ids: [1] },
      { id: 1, prerequisite_ids: [] },
    ]);
    expect(Object.fromEntries(layers)).toEqual({ 1: 0, 2: 1, 3: 2, 4: 0, 5: 3 });
  });

  it('ignores prerequisites that are not in the graph and still ends on a cycle', () => {
    const layers = layerTopics([
      { id: 1, prerequisite_ids: [99] },
      { id: 2, prerequisite_ids: [3] },
      { id: 3, prerequisite_ids: [2] },
    ]);
    expect(layers.get(1)).toBe(0);
    expect(layers.size).toBe(3);
  });

  it('keeps the rule on a graph of 60+ topics', () => {
    const topics = Array.from({ length: 64 }, (_, i) => ({
      id: i + 1,
      // Each topic needs one or two earlier ones, so chains are long and branch.
      prerequisite_ids: i === 0 ? [] : [Math.floor(i / 2) + 1, ...(i % 3 === 0 ? [i] : [])],
    }));
    const layers = layerTopics(topics);
    for (const t of topics) {
      for (const p of t.prerequisite_ids) expect(layers.get(t.id)!).toBeGreaterThan(layers.get(p)!);
    }
  });
});

describe('layoutGraph', () => {
  it('draws prerequisites to the left of what they unlock, each subject in its own band', () => {
    const graph: KnowledgeGraph = makeGraph();
    const layout = layoutGraph(graph);
    const at = (id: number) => layout.nodes.find((n) => n.id === id)!;

    // Counting (11) needs Shapes (10); Letters (20) needs Counting (11).
    expect(at(11).x).toBeGreaterThan(at(10).x + LAYOUT.nodeWidth);
    expect(at(20).x).toBeGreaterThan(at(11).x + LAYOUT.nodeWidth);
    expect(layout.layerCount).toBe(3);
    expect(layout.edges).toHaveLength(2);

    const [maths, literacy] = layout.bands;
    for (const id of [10, 11]) {
      expect(at(id).y).toBeGreaterThanOrEqual(maths!.y);
      expect(at(id).y + LAYOUT.nodeHeight).toBeLessThanOrEqual(maths!.y + maths!.height);
    }
    expect(at(20).y).toBeGreaterThanOrEqual(literacy!.y);
    // Every node lies inside the drawing.
    for (const n of layout.nodes) {
      expect(n.x + LAYOUT.nodeWidth).toBeLessThanOrEqual(layout.width);
      expect(n.y + LAYOUT.nodeHeight).toBeLessThanOrEqual(layout.height);
    }
  });

  it('wraps long names into at most two lines that fit a node', () => {
    expect(labelLines('Counting')).toEqual(['Counting']);
    const lines = labelLines('Observation, Assessment and Documentation of Learning in the Early Years');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(27);
  });
});
