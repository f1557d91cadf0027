import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  FILE_KINDS,
  FILE_PATHS,
  fileDeleteQuerySchema,
  fileReadQuerySchema,
  fileResponseSchema,
  fileUploadQuerySchema,
} from '../../../shared/contracts/files.ts';
import { forbidden, unauthenticated, unprocessable } from '../../plugins/errors.ts';
import type { createRouter } from '../../plugins/routes.ts';
import { contentDisposition, parseRange, type FilesService } from './files.service.ts';
import { shownInline } from './sniff.ts';

const STAFF = ['admin', 'teacher'] as const;

export function filesRoutes(route: ReturnType<typeof createRouter>, files: FilesService): void {
  route({
    method: 'POST',
    url: FILE_PATHS.upload,
    access: STAFF,
    summary: 'Upload one file (multipart/form-data, field "file"); its type is decided by its content',
    query: fileUploadQuerySchema,
    response: fileResponseSchema,
    status: 201,
    handler: async ({ query, auth, request }) => {
      if (!request.isMultipart()) throw unprocessable({ file: ['Choose a file to upload.'] });
      const part = await request.file({
        // One byte over the limit is enough to know it is too big; the store counts too.
        limits: { fileSize: FILE_KINDS[query.kind].maxBytes + 1, files: 1, fields: 5, parts: 6 },
      });
      if (!part) throw unprocessable({ file: ['Choose a file to upload.'] });
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw unprocessable({ file: ['Send the file in the field named "file".'] });
      }
      return {
        file: await files.upload({
          kind: query.kind,
          stream: part.file,
          name: part.filename,
          userId: auth.user.id,
          truncated: () => part.file.truncated,
        }),
      };
    },
  });

  route({
    method: 'GET',
    url: FILE_PATHS.one(':id'),
    // Question images reach students in quizzes and practice: anyone signed in reads a file by its id. A
    // signed link (files.signedUrl) reads it without a sign-in, for what cannot send a token (<video>, pdf.js,
    // a cached copy for offline use); so the route is public and the check is here.
    access: 'public',
    summary: 'A file’s bytes, with HTTP Range support (206, 416); a bearer token or a signed link',
    params: idParamSchema,
    query: fileReadQuerySchema,
    sendsReply: true,
    handler: async ({ params, query, auth, request, reply }) => {
      const signed = !auth && query.signature !== undefined && query.expires !== undefined;
      if (!auth) {
        if (!signed) throw unauthenticated();
        const check = files.checkSignature(params.id, query.expires!, query.signature!);
        if (check !== 'ok')
          throw forbidden(check === 'expired' ? 'This link has expired.' : 'This link is not valid.');
      }
      const row = await files.find(params.id);
      const etag = `"${row.hash}"`;
      const maxAge = signed ? Math.max(0, Math.floor(query.expires! - Date.now() / 1000)) : 31536000;
      void reply
        .header('content-type', row.mime === 'text/plain' ? 'text/plain; charset=utf-8' : row.mime)
        .header(
          'content-disposition',
          contentDisposition(shownInline(row.mime) ? 'inline' : 'attachment', row.original_name),
        )
        .header('x-content-type-options', 'nosniff')
        // Opened directly in a tab, a file is a document of our origin: it may run nothing and reach nothing.
        .header('content-security-policy', "default-src 'none'; sandbox")
        // A file id's content never changes; private, because reading it takes a sign-in (or a link that ends).
        .header(
          'cache-control',
          signed ? `private, max-age=${maxAge}` : 'private, max-age=31536000, immutable',
        )
        .header('etag', etag)
        .header('accept-ranges', 'bytes');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, row.size) : null;
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${row.size}`)
          .removeHeader('content-disposition')
          .type('application/json; charset=utf-8')
          .send({ message: 'The requested range is outside the file.' });
      }
      const { stream, size } = await files.open(row, range ?? undefined);
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(stream);
      }
      return reply.status(200).header('content-length', size).send(stream);
    },
  });

  route({
    method: 'DELETE',
    url: FILE_PATHS.adminOne(':id'),
    access: STAFF,
    summary:
      'Delete a file (its uploader or an admin); 409 naming where it is used unless ?force=1 (204 when deleted)',
    params: idParamSchema,
    query: fileDeleteQuerySchema,
    sendsReply: true,
    handler: async ({ params, query, auth, reply }) => {
      const result = await files.remove(auth.user, params.id, query.force === '1');
      if (result.deleted) return reply.status(204).send();
      const places = result.links.map((l) => `${l.type} “${l.title}”`);
      return reply.status(409).send({
        message: `This file is used in ${places.join(', ')}. Delete it anyway?`,
        links: result.links,
      });
    },
  });
}
