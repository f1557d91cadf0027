import { z } from 'zod';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  KG_PATHS,
  knowledgeGraphSchema,
  microTopicBodySchema,
  reorderBodySchema,
  subjectBodySchema,
  subTopicBodySchema,
} from '../../../shared/contracts/knowledge-graph.ts';
import { ADMIN, type Route } from '../../plugins/routes.ts';
import type { KnowledgeGraphService } from './knowledge-graph.service.ts';

const created = z.object({ id: z.number() });

export function knowledgeGraphRoutes(route: Route, kg: KnowledgeGraphService): void {
  route({
    method: 'GET',
    url: KG_PATHS.graph,
    access: 'user',
    summary: 'The knowledge graph: subjects, sub topics, micro topics and prerequisites',
    response: knowledgeGraphSchema,
    handler: () => kg.graph(),
  });

  route({
    method: 'POST',
    url: KG_PATHS.subjects,
    access: ADMIN,
    summary: 'Add a subject',
    body: subjectBodySchema,
    response: created,
    status: 201,
    handler: async ({ body }) => ({ id: await kg.createSubject(body) }),
  });
  route({
    method: 'PUT',
    url: KG_PATHS.subject(':id'),
    access: ADMIN,
    summary: 'Rename a subject',
    params: idParamSchema,
    body: subjectBodySchema,
    handler: ({ params, body }) => kg.updateSubject(params.id, body),
  });
  route({
    method: 'DELETE',
    url: KG_PATHS.subject(':id'),
    access: ADMIN,
    summary: 'Delete a subject no question uses (409 otherwise)',
    params: idParamSchema,
    handler: ({ params }) => kg.deleteSubject(params.id),
  });

  route({
    method: 'POST',
    url: KG_PATHS.subTopics,
    access: ADMIN,
    summary: 'Add a sub topic',
    body: subTopicBodySchema,
    response: created,
    status: 201,
    handler: async ({ body }) => ({ id: await kg.createSubTopic(body) }),
  });
  route({
    method: 'PUT',
    url: KG_PATHS.subTopic(':id'),
    access: ADMIN,
    summary: 'Rename or move a sub topic',
    params: idParamSchema,
    body: subTopicBodySchema,
    handler: ({ params, body }) => kg.updateSubTopic(params.id, body),
  });
  route({
    method: 'DELETE',
    url: KG_PATHS.subTopic(':id'),
    access: ADMIN,
    summary: 'Delete a sub topic no question uses (409 otherwise)',
    params: idParamSchema,
    handler: ({ params }) => kg.deleteSubTopic(params.id),
  });

  route({
    method: 'POST',
    url: KG_PATHS.microTopics,
    access: ADMIN,
    summary: 'Add a micro topic with its prerequisites (cycles refused)',
    body: microTopicBodySchema,
    response: created,
    status: 201,
    handler: async ({ body }) => ({ id: await kg.createMicroTopic(body) }),
  });
  route({
    method: 'PUT',
    url: KG_PATHS.microTopic(':id'),
    access: ADMIN,
    summary: 'Edit a micro topic and its prerequisites (cycles refused)',
    params: idParamSchema,
    body: microTopicBodySchema,
    handler: ({ params, body }) => kg.updateMicroTopic(params.id, body),
  });
  route({
    method: 'DELETE',
    url: KG_PATHS.microTopic(':id'),
    access: ADMIN,
    summary: 'Delete a micro topic no question uses (409 otherwise)',
    params: idParamSchema,
    handler: ({ params }) => kg.deleteMicroTopic(params.id),
  });

  route({
    method: 'PUT',
    url: KG_PATHS.reorder,
    access: ADMIN,
    summary: 'Reorder the children of one parent',
    body: reorderBodySchema,
    handler: ({ body }) => kg.reorder(body.level, body.ids),
  });
}
