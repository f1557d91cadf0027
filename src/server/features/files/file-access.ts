import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import type { FileRow } from './files.repository.ts';

/**
 * Whether `actor` may see something that uses file `fileId` (a lecture, a video, a resource, a question, an
 * announcement…). Each feature answers for its own things with its own visibility rules.
 */
export type FileReader = (actor: Authed, fileId: number) => Promise<boolean>;

/** A "yes" is kept this long per session and file: a video's Range requests come by the dozen. */
const DECISION_TTL_MS = 30_000;
const MAX_DECISIONS = 20_000;

/** `/api/files/12` in any text (rich text images, a question's image_url); `/api/files/123` is not 12. */
const FILE_REF = /\/api\/files\/([1-9]\d{0,9})(?!\d)/g;

/** The file ids a text names. */
export function fileIdsIn(...texts: Array<string | null | undefined>): number[] {
  const ids = new Set<number>();
  for (const text of texts) for (const m of (text ?? '').matchAll(FILE_REF)) ids.add(Number(m[1]));
  return [...ids];
}

/**
 * Who may read a file: its uploader, admins, and whoever may see something that uses it. Anyone else is told
 * it does not exist (404), so sequential ids reveal nothing. `readers` is a function because the features
 * that answer are built after the files feature (they store file ids).
 */
export function createFileAccess(deps: {
  find: (id: number) => Promise<FileRow | undefined>;
  readers: () => FileReader[];
  now: () => Date;
}) {
  const decisions = new Map<string, number>();

  async function seenThroughUse(actor: Authed, fileId: number): Promise<boolean> {
    for (const reader of deps.readers()) if (await reader(actor, fileId)) return true;
    return false;
  }

  async function mayRead(actor: Authed, row: FileRow): Promise<boolean> {
    if (roleOf(actor.user) === 'admin' || row.uploaded_by === actor.user.id) return true;
    // Per session and what the decision rests on: a logout ends the session first, and a school or role
    // change gives the session a new user row, so a new key.
    const u = actor.user;
    const key = `${actor.sessionId}:${u.id}:${u.school_id}:${u.is_admin}${u.is_teacher}:${row.id}`;
    const nowMs = deps.now().getTime();
    const until = decisions.get(key);
    if (until !== undefined && until > nowMs) return true;
    if (!(await seenThroughUse(actor, row.id))) return false;
    if (decisions.size >= MAX_DECISIONS) decisions.delete(decisions.keys().next().value!);
    decisions.set(key, nowMs + DECISION_TTL_MS);
    return true;
  }

  return {
    mayRead,

    /**
     * The ids of `fields` the caller may not put in what they save: a file must be their own upload, or one
     * they may already see (an admin may use any). Unknown ids are refused the same way. Field errors, empty
     * when every id is usable.
     */
    async refusedIn(actor: Authed, fields: Record<string, number[]>): Promise<FieldErrors> {
      const errors: FieldErrors = {};
      const verdicts = new Map<number, Promise<boolean>>();
      const usable = (id: number) => {
        let v = verdicts.get(id);
        if (!v) {
          v = deps.find(id).then((row) => (row ? mayRead(actor, row) : false));
          verdicts.set(id, v);
        }
        return v;
      };
      for (const [field, ids] of Object.entries(fields)) {
        const refused: number[] = [];
        for (const id of ids) if (!(await usable(id))) refused.push(id);
        if (refused.length)
          errors[field] = [
            refused.length === 1
              ? `File ${refused[0]} does not exist or is not yours to use: upload it first.`
              : `Files ${refused.join(', ')} do not exist or are not yours to use: upload them first.`,
          ];
      }
      return errors;
    },
  };
}
export type FileAccess = ReturnType<typeof createFileAccess>;
