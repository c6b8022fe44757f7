import type { FastifyInstance } from 'fastify';
import { canDisplayInline, contentDisposition } from '../../../files/content-types';
import { filePath, type LinkSigner } from '../../../files/presign';
import type { Store } from '../../../store/store';
import { HttpError } from '../../plugins/errors';

const HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

// Download links are opaque URLs handed out in results, not an operation of the contract, so the
// route's request types are declared here rather than taken from api-types.ts.
interface FileQuery {
  expires?: string;
  signature?: string;
  inline?: string;
}

/** Presigned downloads: the link itself is the capability, so no API key is involved. */
export function fileRoutes(app: FastifyInstance, store: Store, signer: LinkSigner): void {
  app.get<{ Params: { fileId: string; filename: string }; Querystring: FileQuery }>(
    '/files/:fileId/:filename',
    async (request, reply) => {
      const { fileId, filename } = request.params;
      const check = signer.check(filePath(fileId, filename), request.query.expires, request.query.signature);
      if (check === 'invalid')
        throw new HttpError(403, 'this download link is not valid; fetch the execution again for a fresh one');
      if (check === 'expired')
        throw new HttpError(403, 'this download link has expired; fetch the execution again for a fresh one');
      const file = await store.files.get(fileId);
      if (!file || file.filename !== filename) throw new HttpError(404, 'file not found');
      const inline = request.query.inline === '1' && canDisplayInline(file.content_type);
      reply
        .header('Content-Type', file.content_type)
        .header('Content-Disposition', contentDisposition(file.filename, inline ? 'inline' : 'attachment'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600, immutable');
      if (file.content_type.startsWith('text/html')) reply.header('Content-Security-Policy', HTML_POLICY);
      return reply.send(file.data);
    },
  );
}
