import type { ResourceFolder } from '../../../shared/contracts/resources.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import type { FolderRow, ResourcesRepository } from './resources.repository.ts';

/** What the caller may do with each folder, worked out once per request from the whole (small) tree. */
export interface Reach {
  folders: Map<number, FolderRow>;
  visible: Set<number>;
  editable: Set<number>;
  /** The teacher's schools (empty for others). */
  mySchools: number[];
  role: 'admin' | 'teacher' | 'student';
}

/** Works out a caller's reach: the folders they see and those they may change. */
export function createReachOf(
  repo: Pick<ResourcesRepository, 'folders'>,
  teacherSchoolIds: (userId: number) => Promise<number[]>,
) {
  return async function reachOf(actor: Authed): Promise<Reach> {
    const role = roleOf(actor.user);
    const rows = await repo.folders();
    const folders = new Map(rows.map((f) => [f.id, f]));
    const mySchools = role === 'teacher' ? await teacherSchoolIds(actor.user.id) : [];
    const seesOwn = (f: FolderRow): boolean => {
      if (role === 'admin') return true;
      if (!f.school_ids.length) return true;
      if (role === 'teacher')
        return f.created_by === actor.user.id || f.school_ids.some((s) => mySchools.includes(s));
      return actor.user.school_id !== null && f.school_ids.includes(actor.user.school_id);
    };
    const visible = new Set<number>();
    const memo = new Map<number, boolean>();
    const sees = (f: FolderRow, depth = 0): boolean => {
      const known = memo.get(f.id);
      if (known !== undefined) return known;
      const parent = f.parent_id === null ? undefined : folders.get(f.parent_id);
      // depth guards a loop in the data (the service never makes one).
      const ok = seesOwn(f) && (!parent || (depth < 50 && sees(parent, depth + 1)));
      memo.set(f.id, ok);
      return ok;
    };
    for (const f of rows) if (sees(f)) visible.add(f.id);
    const editable = new Set(
      rows
        .filter((f) => visible.has(f.id))
        .filter(
          (f) =>
            role === 'admin' ||
            (role === 'teacher' &&
              (f.created_by === actor.user.id ||
                (f.school_ids.length > 0 && f.school_ids.every((s) => mySchools.includes(s))))),
        )
        .map((f) => f.id),
    );
    return { folders, visible, editable, mySchools, role };
  };
}

export const toFolder = (reach: Reach, f: FolderRow): ResourceFolder => ({
  id: f.id,
  parent_id: f.parent_id,
  name: f.name,
  // Students do not need to know which other schools a folder is for.
  school_ids: reach.role === 'student' ? [] : f.school_ids,
  file_count: f.file_count,
  can_edit: reach.editable.has(f.id),
  created_at: f.created_at,
});

export function visibleFolder(reach: Reach, id: number): FolderRow {
  const f = reach.folders.get(id);
  if (!f || !reach.visible.has(id)) throw notFound('That folder does not exist.');
  return f;
}

export function editableFolder(reach: Reach, id: number, field?: string): FolderRow {
  const f = reach.folders.get(id);
  if (!f || !reach.visible.has(id)) {
    if (field) throw unprocessable({ [field]: ['Choose a folder that exists.'] });
    throw notFound('That folder does not exist.');
  }
  if (!reach.editable.has(id)) throw forbidden('You can only change folders of your own schools.');
  return f;
}

export function subtree(reach: Reach, id: number): number[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i++)
    for (const f of reach.folders.values()) if (f.parent_id === ids[i]) ids.push(f.id);
  return ids;
}
