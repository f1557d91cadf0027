import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FILE_KINDS,
  FILE_PATHS,
  formatBytes,
  type FileKind,
  type FileLink,
  type StoredFile,
} from '../../../shared/contracts/files.ts';
import { API_BASE } from '../../../shared/constants.ts';
import type { AppContext } from '../../context.ts';
import { safeEqualHex } from '../auth/tokens.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf, type UserRow } from '../users/users.service.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { createFileAccess, type FileReader } from './file-access.ts';
import { FileTooLargeError, type FileStore } from './file-store.ts';
import { createFilesRepository, type FileRow } from './files.repository.ts';
import { extensionOf, sniffType } from './sniff.ts';

// Other features find the file ids in what they save through this service (their only door into files).
export { fileIdsIn } from './file-access.ts';
export { sniffType } from './sniff.ts';

export interface Upload {
  kind: FileKind;
  /** The file's bytes as they arrive (a multipart part): streamed to the store, never held whole. */
  stream: Readable;
  /** The name the uploader's device gave it; kept only as a label, made safe. */
  name: string;
  userId: number;
  /** The multipart parser's own limit was hit (the stream was cut short). */
  truncated: () => boolean;
}

// Bidirectional controls would let "gpj.exe" show as "exe.jpg"; control characters break headers and logs.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g;

/**
 * The uploader's file name made safe to keep and show: markup, folders (`../../`), control and direction
 * characters go, and the extension is the one of the type the content turned out to be.
 */
export function safeFileName(name: string, ext: string): string {
  const last =
    name
      .replace(/<[^>]*>/g, '')
      .split(/[\\/]/)
      .pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(UNSAFE_NAME_CHARS, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem =
    clean
      .replace(/\.[^.]{0,10}$/, '')
      .slice(0, 150)
      .trim() || 'file';
  return `${stem}.${ext}`;
}

/** `Content-Disposition` for a stored (already safe) name: an ASCII fallback and the exact UTF-8 form. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** A single `bytes=` range of a file of `size` bytes; null to send it whole (none, or several ranges asked). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Signed links last until the end of the next six-hour window: between six and twelve hours, and the same
 * URL for everyone asking within one window, so the browser's and the service worker's caches can reuse it.
 */
const SIGNED_WINDOW_SECONDS = 6 * 60 * 60;

/** Over the file, the expiry and the session: a link works for one session only, and names it. */
function signFile(appKey: string, id: number, expires: number, sessionId: number): string {
  return createHmac('sha256', appKey).update(`file:${id}:${expires}:session:${sessionId}`).digest('hex');
}

export function fileUrl(id: number): string {
  return API_BASE + FILE_PATHS.one(id);
}

function toContract(row: FileRow): StoredFile {
  return {
    id: row.id,
    url: fileUrl(row.id),
    kind: row.kind as FileKind,
    mime: row.mime,
    size: row.size,
    name: row.original_name,
    created_at: row.created_at,
  };
}

export function createFilesService(
  ctx: AppContext,
  store: FileStore,
  deps: {
    /** The features that use files, each answering "may this person see something using it?". */
    readers: () => FileReader[];
    /** The live session a signed link names (null once logged out, expired or deactivated). */
    sessionOf: (sessionId: number) => Promise<Authed | null>;
  },
) {
  const repo = createFilesRepository(ctx.db);
  const access = createFileAccess({ find: (id) => repo.find(id), readers: deps.readers, now: ctx.now });

  async function deleteRow(row: FileRow): Promise<void> {
    await repo.delete(row.id);
    if ((await repo.countByHash(row.hash)) === 0) await store.delete(row.hash);
  }

  return {
    /**
     * Streams an upload to the store, decides its type from its first bytes, then records it. A refusal at
     * any step (too big, empty, not an allowed type, the row not written) leaves neither bytes nor a row.
     */
    async upload(upload: Upload): Promise<StoredFile> {
      const kind = FILE_KINDS[upload.kind];
      const tooLarge = () =>
        new HttpError(413, `The ${kind.label} may be at most ${formatBytes(kind.maxBytes)}.`, {
          file: [`The ${kind.label} may be at most ${formatBytes(kind.maxBytes)}.`],
        });
      const staged = await store.put(upload.stream, kind.maxBytes).catch((error: unknown) => {
        if (
          error instanceof FileTooLargeError ||
          (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        )
          throw tooLarge();
        throw error;
      });
      try {
        if (upload.truncated()) throw tooLarge();
        if (staged.size === 0) throw unprocessable({ file: ['The file is empty.'] });
        const type = sniffType(staged.head, staged.size > staged.head.length);
        if (!type || !(kind.types as readonly string[]).includes(type.mime))
          throw unprocessable({ file: [kind.refused] });
        await staged.commit();
        try {
          const row = await repo.insert({
            hash: staged.key,
            kind: upload.kind,
            mime: type.mime,
            size: staged.size,
            original_name: safeFileName(upload.name, extensionOf(type.mime)),
            uploaded_by: upload.userId,
            created_at: ctx.now().toISOString(),
          });
          return toContract(row);
        } catch (error) {
          // The bytes were just put in place; another row may already share them, so they go only if none does.
          if ((await repo.countByHash(staged.key).catch(() => 1)) === 0) await store.delete(staged.key);
          throw error;
        }
      } finally {
        await staged.discard();
      }
    },

    async find(id: number): Promise<FileRow> {
      const row = await repo.find(id);
      if (!row) throw notFound('No such file.');
      return row;
    },

    /**
     * `/api/files/{id}?expires=…&session=…&signature=…`: reads the file without the token, for `actor`'s
     * session only, while it lasts (logout ends it) and while they may still read the file.
     */
    signedUrl(fileId: number, actor: Pick<Authed, 'sessionId'>): string {
      const now = Math.floor(ctx.now().getTime() / 1000);
      const expires = (Math.floor(now / SIGNED_WINDOW_SECONDS) + 2) * SIGNED_WINDOW_SECONDS;
      const signature = signFile(ctx.appKey, fileId, expires, actor.sessionId);
      return `${fileUrl(fileId)}?expires=${expires}&session=${actor.sessionId}&signature=${signature}`;
    },

    /**
     * The reader a signed link stands for, or why it does not open this file: a forged or altered link, one
     * past its expiry, or one whose session has ended (compared in constant time).
     */
    async signedReader(
      fileId: number,
      link: { expires: number; session: number; signature: string },
    ): Promise<Authed | 'expired' | 'invalid' | 'ended'> {
      if (!safeEqualHex(link.signature, signFile(ctx.appKey, fileId, link.expires, link.session)))
        return 'invalid';
      if (link.expires * 1000 < ctx.now().getTime()) return 'expired';
      return (await deps.sessionOf(link.session)) ?? 'ended';
    },

    /** The file for `actor`, if they may read it; otherwise as if it did not exist. */
    async readable(actor: Authed, id: number): Promise<FileRow> {
      const row = await repo.find(id);
      if (!row || !(await access.mayRead(actor, row))) throw notFound('No such file.');
      return row;
    },

    /** Field errors for file ids the caller may not use in what they save (file-access.ts). */
    refusedIn: access.refusedIn,

    /** Where a file is used (content, resources, questions): what deleting it would take away. */
    linksOf: (id: number): Promise<FileLink[]> => repo.linksOf(id),

    /** May `user` delete this file: its uploader or an admin. */
    mayDelete: (user: UserRow, row: FileRow) => roleOf(user) === 'admin' || row.uploaded_by === user.id,

    /**
     * Deletes a file its uploader or an admin chooses. Where it is used somewhere, the answer is 409 naming
     * the places (`links`) unless `force`; the bytes go only when no other row shares them.
     */
    async remove(
      user: UserRow,
      id: number,
      force: boolean,
    ): Promise<{ deleted: true } | { deleted: false; links: FileLink[] }> {
      const row = await repo.find(id);
      if (!row) throw notFound('No such file.');
      if (roleOf(user) !== 'admin' && row.uploaded_by !== user.id)
        throw forbidden('Only the person who uploaded this file or an admin may delete it.');
      if (!force) {
        const links = await repo.linksOf(id);
        if (links.length) return { deleted: false, links };
      }
      await deleteRow(row);
      return { deleted: true };
    },

    /** Deletes a file whatever uses it (those links go with it: the tables cascade). */
    async removeRow(id: number): Promise<void> {
      const row = await repo.find(id);
      if (row) await deleteRow(row);
    },

    /** Deletes a file nothing uses any more (its last resource entry went); a file still in use stays. */
    async removeIfUnused(id: number): Promise<void> {
      const row = await repo.find(id);
      if (!row || (await repo.linksOf(id)).length) return;
      await deleteRow(row);
    },

    async open(row: FileRow, range?: { start: number; end: number }) {
      const found = await store.get(row.hash, range);
      // A row without its bytes (a store restored from an older backup) is a missing file, not a crash.
      if (!found) throw notFound('No such file.');
      return found;
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
