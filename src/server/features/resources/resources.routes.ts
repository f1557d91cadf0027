import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  RESOURCE_PATHS,
  createResourceBodySchema,
  folderBodySchema,
  folderResponseSchema,
  foldersResponseSchema,
  resourceDeleteQuerySchema,
  resourceResponseSchema,
  resourcesQuerySchema,
  resourcesResponseSchema,
  updateResourceBodySchema,
} from '../../../shared/contracts/resources.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { ResourcesService } from './resources.service.ts';

/** Resources: everyone signed in reads the folders they can see; staff manage folders and files. */
export function resourcesRoutes(route: Route, resources: ResourcesService): void {
  route({
    method: 'GET',
    url: RESOURCE_PATHS.folders,
    access: 'user',
    summary: 'Every resource folder the caller can see (a tree, by parent_id)',
    response: foldersResponseSchema,
    handler: async ({ auth }) => ({ folders: await resources.folders(auth) }),
  });
  route({
    method: 'GET',
    url: RESOURCE_PATHS.files,
    access: 'user',
    summary: 'A folder’s files (?folder=), or a search over every visible folder (?search=)',
    query: resourcesQuerySchema,
    response: resourcesResponseSchema,
    handler: ({ auth, query }) => resources.list(auth, query),
  });
  route({
    method: 'GET',
    url: RESOURCE_PATHS.file(':id'),
    access: 'user',
    summary: 'One resource file’s details, with a signed link to its bytes',
    params: idParamSchema,
    response: resourceResponseSchema,
    handler: async ({ auth, params }) => ({ resource: await resources.get(auth, params.id) }),
  });

  route({
    method: 'POST',
    url: RESOURCE_PATHS.adminFolders,
    access: STAFF,
    status: 201,
    summary: 'Create a resource folder (a teacher aims it at their own schools)',
    body: folderBodySchema,
    response: folderResponseSchema,
    handler: async ({ auth, body }) => ({ folder: await resources.createFolder(auth, body) }),
  });
  route({
    method: 'PUT',
    url: RESOURCE_PATHS.adminFolder(':id'),
    access: STAFF,
    summary: 'Rename, move or re-aim a resource folder',
    params: idParamSchema,
    body: folderBodySchema,
    response: folderResponseSchema,
    handler: async ({ auth, params, body }) => ({
      folder: await resources.updateFolder(auth, params.id, body),
    }),
  });
  route({
    method: 'DELETE',
    url: RESOURCE_PATHS.adminFolder(':id'),
    access: STAFF,
    summary: 'Delete a resource folder with its sub folders and files',
    params: idParamSchema,
    handler: ({ auth, params }) => resources.deleteFolder(auth, params.id),
  });

  route({
    method: 'POST',
    url: RESOURCE_PATHS.adminFiles,
    access: STAFF,
    status: 201,
    summary: 'Add an uploaded file to a folder, with a title, description and micro topics',
    body: createResourceBodySchema,
    response: resourceResponseSchema,
    handler: async ({ auth, body }) => ({ resource: await resources.create(auth, body) }),
  });
  route({
    method: 'PUT',
    url: RESOURCE_PATHS.adminFile(':id'),
    access: STAFF,
    summary: 'Change a resource file’s title, description, micro topics or folder',
    params: idParamSchema,
    body: updateResourceBodySchema,
    response: resourceResponseSchema,
    handler: async ({ auth, params, body }) => ({ resource: await resources.update(auth, params.id, body) }),
  });
  route({
    method: 'DELETE',
    url: RESOURCE_PATHS.adminFile(':id'),
    access: STAFF,
    summary:
      'Delete a resource file; 409 naming where else the file is used unless ?force=1 (204 when deleted)',
    params: idParamSchema,
    query: resourceDeleteQuerySchema,
    sendsReply: true,
    handler: async ({ auth, params, query, reply }) => {
      const result = await resources.remove(auth, params.id, query.force === '1');
      if (result.deleted) return reply.status(204).send();
      const places = result.links.map((l) => `${l.type} “${l.title}”`);
      return reply.status(409).send({
        message: `This file is also used in ${places.join(', ')}. Deleting it removes it there too.`,
        links: result.links,
      });
    },
  });
}
