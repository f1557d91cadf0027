// The knowledge graph's public face: the whole graph, for the editors of questions, assessments, content
// and resources.
export { useKnowledgeGraph } from './use-knowledge-graph.ts';
