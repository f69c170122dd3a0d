import type { FastifyInstance } from 'fastify';
import { Invalid, UnsupportedMediaType } from './errors.ts';

/** Fatal: bytes that are not UTF-8 are an error, never U+FFFD stored in their place. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * The bodies the API reads, besides multipart uploads: JSON in UTF-8 (RFC 8259), nothing else. Fastify's
 * own JSON parser would read any declared charset, and bytes that are not UTF-8, as UTF-8 with
 * replacement characters, so what was checked and stored would differ from what was sent: both are
 * refused (415, 400), as is a Content-Encoding it would not undo. Its text/plain parser is removed: no
 * route takes text, so text is a 415 like any other type (and no CORS-simple type reaches a handler).
 * Prototype poisoning stays refused by Fastify's parser, which reads the decoded text.
 */
export function readJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
      return done(
        new UnsupportedMediaType('Send JSON in UTF-8 (Content-Type: application/json).'),
        undefined,
      );
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity')
      return done(new UnsupportedMediaType('Send the body uncompressed (no Content-Encoding).'), undefined);
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(new Invalid({ body: 'The request body is not valid UTF-8.' }), undefined);
    }
    // Fastify's parser answers through `done` (typed as possibly a promise: nothing to await).
    void parseJson(request, text, done);
  });
}
