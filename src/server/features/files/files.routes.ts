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
import { type Route, STAFF } from '../../plugins/routes.ts';
import { contentDisposition, parseRange, type FilesService } from './files.service.ts';
import { shownInline } from './sniff.ts';

export function filesRoutes(route: Route, files: FilesService): void {
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
    // A file is read by its uploader, admins and whoever may see something that uses it (file-access.ts);
    // anyone else is told it does not exist. A signed link (files.signedUrl) reads it without the token, for
    // what cannot send one (<video>, pdf.js, a copy saved for offline use): it names its session and works
    // only while that session lives. So the route is public and the checks are here.
    access: 'public',
    summary:
      'A file’s bytes, with HTTP Range support (206, 416); a bearer token or a signed link of a live session; 404 unless the caller may see something using it',
    params: idParamSchema,
    query: fileReadQuerySchema,
    sendsReply: true,
    handler: async ({ params, query, auth, request, reply }) => {
      let reader = auth;
      let signed = false;
      if (!reader) {
        if (query.signature === undefined || query.expires === undefined || query.session === undefined)
          throw unauthenticated();
        const found = await files.signedReader(params.id, {
          expires: query.expires,
          session: query.session,
          signature: query.signature,
        });
        if (found === 'invalid') throw forbidden('This link is not valid.');
        if (found === 'expired') throw forbidden('This link has expired.');
        if (found === 'ended') throw forbidden('This link has ended with its session: sign in again.');
        reader = found;
        signed = true;
      }
      const row = await files.readable(reader, params.id);
      const etag = `"${row.hash}"`;
      const maxAge = signed ? Math.max(0, Math.floor(query.expires! - Date.now() / 1000)) : 0;
      void reply
        .header('content-type', row.mime === 'text/plain' ? 'text/plain; charset=utf-8' : row.mime)
        .header(
          'content-disposition',
          contentDisposition(shownInline(row.mime) ? 'inline' : 'attachment', row.original_name),
        )
        .header('x-content-type-options', 'nosniff')
        // Opened directly in a tab, a file is a document of our origin: it may run nothing and reach nothing.
        .header('content-security-policy', "default-src 'none'; sandbox")
        // Private, because reading it takes a sign-in. With the token, the browser asks again each time (a 304
        // when unchanged): its cache is keyed by the URL alone, and the next person on the device must be
        // checked too. A signed URL names its session, so it is kept until it expires.
        .header('cache-control', signed ? `private, max-age=${maxAge}` : 'private, no-cache')
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
