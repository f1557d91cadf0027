import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type { FileLink } from '../../../shared/contracts/files.ts';
import {
  RESOURCE_FILE_KINDS,
  type CreateResourceBody,
  type FolderBody,
  type Resource,
  type ResourceFolder,
  type ResourcesQuery,
  type UpdateResourceBody,
} from '../../../shared/contracts/resources.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { FilesService } from '../files/files.service.ts';
import {
  createReachOf,
  editableFolder,
  subtree,
  toFolder,
  visibleFolder,
  type Reach,
} from './folder-reach.ts';
import { createResourcesRepository, type ResourceRow } from './resources.repository.ts';

/**
 * Resources: folders of files. Students see a folder aimed at their school or at every school (no school
 * rows), and a sub folder only where they see its parent. Teachers see those of their schools and every
 * school, and manage the folders they made or that are aimed only at their own schools; admins everything.
 * A folder (or file) the caller cannot see is a 404, as if it did not exist.
 */
export function createResourcesService(
  ctx: AppContext,
  deps: { files: FilesService; teacherSchoolIds: (userId: number) => Promise<number[]> },
) {
  const repo = createResourcesRepository(ctx.db);
  const iso = () => ctx.now().toISOString();

  const reachOf = createReachOf(repo, deps.teacherSchoolIds);

  async function toResources(actor: Authed, reach: Reach, rows: ResourceRow[]): Promise<Resource[]> {
    const topics = await repo.topicsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      folder_id: r.folder_id,
      folder_name: r.folder_name,
      title: r.title,
      description: r.description,
      file: {
        id: r.file_id,
        name: r.file_name,
        mime: r.file_mime,
        size: r.file_size,
        kind: r.file_kind,
        url: deps.files.signedUrl(r.file_id, actor),
      },
      topics: topics.get(r.id) ?? [],
      can_edit: reach.editable.has(r.folder_id),
      created_at: r.created_at,
      updated_at: r.updated_at,
    }));
  }

  /** The folder body's rules that depend on the caller and the data; every problem named at once. */
  async function checkFolder(reach: Reach, body: FolderBody & { school_ids: number[] }, id?: number) {
    const errors: FieldErrors = {};
    const ids = [...new Set(body.school_ids)];
    const known = await repo.existing('schools', ids);
    if (ids.some((s) => !known.has(s))) errors.school_ids = ['Choose schools that exist.'];
    else if (reach.role === 'teacher') {
      if (!ids.length) errors.school_ids = ['Choose at least one of your schools.'];
      else if (ids.some((s) => !reach.mySchools.includes(s)))
        errors.school_ids = ['You can only choose your own schools.'];
    }
    if (body.parent_id !== null && body.parent_id !== undefined) {
      if (!reach.visible.has(body.parent_id)) errors.parent_id = ['Choose a folder that exists.'];
      else if (id !== undefined) {
        // Not into itself or one of its own sub folders.
        for (let p: number | null = body.parent_id; p !== null; p = reach.folders.get(p)?.parent_id ?? null) {
          if (p === id) {
            errors.parent_id = ['A folder cannot go inside itself.'];
            break;
          }
        }
      }
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
    return ids;
  }

  async function mustFindResource(reach: Reach, id: number): Promise<ResourceRow> {
    const row = await repo.find(id);
    if (!row || !reach.visible.has(row.folder_id)) throw notFound('That file does not exist.');
    return row;
  }

  async function checkTopics(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const known = await repo.existing('micro_topics', unique);
    if (unique.some((t) => !known.has(t)))
      throw unprocessable({ micro_topic_ids: ['Choose micro topics that exist.'] });
    return unique;
  }

  async function listFolders(actor: Authed): Promise<ResourceFolder[]> {
    const reach = await reachOf(actor);
    return [...reach.folders.values()].filter((f) => reach.visible.has(f.id)).map((f) => toFolder(reach, f));
  }

  async function getOne(actor: Authed, id: number): Promise<Resource> {
    const reach = await reachOf(actor);
    const [resource] = await toResources(actor, reach, [await mustFindResource(reach, id)]);
    return resource!;
  }

  return {
    folders: listFolders,
    get: getOne,

    /** May `actor` see a resource entry of this file (in a folder they see)? */
    async seesFile(actor: Authed, fileId: number): Promise<boolean> {
      const folderIds = await repo.foldersHoldingFile(fileId);
      if (!folderIds.length) return false;
      const reach = await reachOf(actor);
      return folderIds.some((id) => reach.visible.has(id));
    },

    /** A folder's files, or (no folder) a search over every folder the caller sees. */
    async list(actor: Authed, query: ResourcesQuery) {
      const reach = await reachOf(actor);
      const folder = query.folder === undefined ? null : visibleFolder(reach, query.folder);
      const ids = folder ? [folder.id] : [...reach.visible];
      if (!folder && !query.search) return { folder: null, data: [] };
      const rows = await repo.list(ids, query.search || undefined);
      return { folder: folder ? toFolder(reach, folder) : null, data: await toResources(actor, reach, rows) };
    },

    async createFolder(actor: Authed, body: FolderBody & { school_ids: number[] }): Promise<ResourceFolder> {
      const reach = await reachOf(actor);
      const school_ids = await checkFolder(reach, body);
      const id = await repo.insertFolder({
        parent_id: body.parent_id ?? null,
        name: body.name,
        created_by: actor.user.id,
        school_ids,
        at: iso(),
      });
      return (await listFolders(actor)).find((f) => f.id === id)!;
    },

    async updateFolder(
      actor: Authed,
      id: number,
      body: FolderBody & { school_ids: number[] },
    ): Promise<ResourceFolder> {
      const reach = await reachOf(actor);
      editableFolder(reach, id);
      const school_ids = await checkFolder(reach, body, id);
      await repo.updateFolder(id, {
        parent_id: body.parent_id ?? null,
        name: body.name,
        school_ids,
        at: iso(),
      });
      const after = (await listFolders(actor)).find((f) => f.id === id);
      // Re-aimed so the teacher no longer sees it: say what it is now, as far as they may know.
      if (!after) throw notFound('That folder does not exist.');
      return after;
    },

    /** Deletes a folder, its sub folders and their entries; files nothing else uses go too. */
    async deleteFolder(actor: Authed, id: number): Promise<void> {
      const reach = await reachOf(actor);
      editableFolder(reach, id);
      const ids = subtree(reach, id);
      if (reach.role !== 'admin' && ids.some((f) => !reach.editable.has(f)))
        throw forbidden('This folder holds folders you cannot change.');
      const fileIds = await repo.deleteFolders(ids);
      for (const fileId of fileIds) await deps.files.removeIfUnused(fileId);
    },

    async create(actor: Authed, body: Required<CreateResourceBody>): Promise<Resource> {
      const reach = await reachOf(actor);
      editableFolder(reach, body.folder_id, 'folder_id');
      const file = await deps.files.find(body.file_id).catch(() => null);
      if (!file || !deps.files.mayDelete(actor.user, file))
        throw unprocessable({ file_id: ['Upload the file first.'] });
      if (!(RESOURCE_FILE_KINDS as readonly string[]).includes(file.kind))
        throw unprocessable({ file_id: ['Upload it as a document, a video or an image.'] });
      const micro_topic_ids = await checkTopics(body.micro_topic_ids);
      const id = await repo.insert({
        folder_id: body.folder_id,
        file_id: body.file_id,
        title: body.title,
        description: body.description,
        created_by: actor.user.id,
        micro_topic_ids,
        at: iso(),
      });
      return getOne(actor, id);
    },

    async update(actor: Authed, id: number, body: Required<UpdateResourceBody>): Promise<Resource> {
      const reach = await reachOf(actor);
      const row = await mustFindResource(reach, id);
      editableFolder(reach, row.folder_id);
      editableFolder(reach, body.folder_id, 'folder_id');
      const micro_topic_ids = await checkTopics(body.micro_topic_ids);
      await repo.update(id, {
        folder_id: body.folder_id,
        title: body.title,
        description: body.description,
        micro_topic_ids,
        at: iso(),
      });
      return getOne(actor, id);
    },

    /**
     * Takes a file out of resources. Where the file is used elsewhere too (a lecture, a question), the answer
     * names those places (409) unless `force`, which deletes the file there as well (if the caller may delete
     * it; otherwise only this entry goes). A file nothing else uses is deleted with its entry.
     */
    async remove(
      actor: Authed,
      id: number,
      force: boolean,
    ): Promise<{ deleted: true } | { deleted: false; links: FileLink[] }> {
      const reach = await reachOf(actor);
      const row = await mustFindResource(reach, id);
      editableFolder(reach, row.folder_id);
      const others = (await deps.files.linksOf(row.file_id)).filter(
        (l) => !(l.type === 'resource' && l.id === id),
      );
      if (others.length && !force) return { deleted: false, links: others };
      await repo.delete(id);
      const file = await deps.files.find(row.file_id).catch(() => null);
      if (!file) return { deleted: true };
      if (!others.length) await deps.files.removeIfUnused(file.id);
      else if (deps.files.mayDelete(actor.user, file)) await deps.files.removeRow(file.id);
      return { deleted: true };
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
