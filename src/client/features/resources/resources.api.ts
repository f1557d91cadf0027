import { FILE_PATHS } from '../../../shared/contracts/files.ts';
import {
  RESOURCE_PATHS,
  folderResponseSchema,
  foldersResponseSchema,
  resourceResponseSchema,
  resourcesResponseSchema,
  type CreateResourceBody,
  type FolderBody,
  type Resource,
  type ResourceFolder,
  type ResourcesResponse,
  type UpdateResourceBody,
} from '../../../shared/contracts/resources.ts';
import { ApiError, delJson, getJson, postJson, putJson } from '../../lib/http.ts';

/**
 * Students read through the 5-minute cache (a folder changes rarely, and it opens offline); the back office
 * reads fresh (`cache: false`), since its own writes under /admin do not clear the /resources entries.
 */
export async function fetchFolders(fresh: boolean, signal?: AbortSignal): Promise<ResourceFolder[]> {
  return (await getJson(RESOURCE_PATHS.folders, { signal, schema: foldersResponseSchema, cache: !fresh }))
    .folders;
}

export function fetchResources(
  query: { folder?: number; search?: string },
  fresh: boolean,
  signal?: AbortSignal,
): Promise<ResourcesResponse> {
  return getJson(RESOURCE_PATHS.files, {
    query: { folder: query.folder, search: query.search || undefined },
    signal,
    schema: resourcesResponseSchema,
    cache: !fresh,
  });
}

export async function fetchResource(id: number, signal?: AbortSignal): Promise<Resource> {
  return (await getJson(RESOURCE_PATHS.file(id), { signal, schema: resourceResponseSchema })).resource;
}

export async function saveFolder(id: number | null, body: FolderBody): Promise<ResourceFolder> {
  const answer =
    id === null
      ? await postJson(RESOURCE_PATHS.adminFolders, body, { schema: folderResponseSchema })
      : await putJson(RESOURCE_PATHS.adminFolder(id), body, { schema: folderResponseSchema });
  return answer.folder;
}

export async function deleteFolder(id: number): Promise<void> {
  await delJson(RESOURCE_PATHS.adminFolder(id));
}

export async function createResource(body: CreateResourceBody): Promise<Resource> {
  return (await postJson(RESOURCE_PATHS.adminFiles, body, { schema: resourceResponseSchema })).resource;
}

export async function updateResource(id: number, body: UpdateResourceBody): Promise<Resource> {
  return (await putJson(RESOURCE_PATHS.adminFile(id), body, { schema: resourceResponseSchema })).resource;
}

/**
 * Deletes a resource. Where its file is used elsewhere too, the server answers 409 naming the places: the
 * answer is then `{ inUse: message }`, for the caller to ask before calling again with `force`.
 */
export async function deleteResource(id: number, force: boolean): Promise<{ inUse: string } | null> {
  try {
    await delJson(`${RESOURCE_PATHS.adminFile(id)}${force ? '?force=1' : ''}`);
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { inUse: error.message };
    throw error;
  }
}

/** Deletes a file just uploaded whose entry was refused (nothing else uses it yet). */
export async function discardUpload(fileId: number): Promise<void> {
  await delJson(FILE_PATHS.adminOne(fileId));
}
