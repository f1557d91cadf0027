import { idParamSchema } from '../../../shared/contracts/common.ts';
import { FILE_PATHS, fileResponseSchema, fileUploadQuerySchema } from '../../../shared/contracts/files.ts';
import { FILE_KINDS } from '../../../shared/contracts/files.ts';
import { unprocessable } from '../../plugins/errors.ts';
import type { createRouter } from '../../plugins/routes.ts';
import { contentDisposition, parseRange, type FilesService } from './files.service.ts';

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
    // Question images reach students in quizzes and practice: anyone signed in reads a file by its id.
    access: 'user',
    summary: 'A file’s bytes, with HTTP Range support (206, 416)',
    params: idParamSchema,
    sendsReply: true,
    handler: async ({ params, request, reply }) => {
      const row = await files.find(params.id);
      const etag = `"${row.hash}"`;
      void reply
        .header('content-type', row.mime)
        .header(
          'content-disposition',
          contentDisposition(row.mime.startsWith('image/') ? 'inline' : 'attachment', row.original_name),
        )
        .header('x-content-type-options', 'nosniff')
        // A file id's content never changes; private, because reading it takes a sign-in.
        .header('cache-control', 'private, max-age=31536000, immutable')
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
}
