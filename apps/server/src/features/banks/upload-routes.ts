import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calls, idSchema, UPLOAD_MAX_BYTES } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertMayActOn } from '../../auth/acting-on.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { audit } from '../../audit/audit.ts';
import { filePath, sniffType, type FileStore } from './file-store.ts';
import { startsALook, uploadOwner, type DocumentViews } from '../audit/document-views.ts';

const TOO_BIG = 'The file is larger than 10 MB.';
type Received = { userId: string; filename: string; data: Buffer };

/**
 * POST /upload (staff only) and GET /public/files/{file} (signed link only), in their own scope so
 * that multipart bodies are accepted on the upload and nowhere else.
 */
export async function uploadRoutes(
  app: App,
  deps: { db: Db; clock: Clock; files: FileStore; links: LinkSigner; views: DocumentViews },
): Promise<void> {
  const { files } = deps;
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
    });

    route(scope, calls.banks.uploadDocument, async (req) => {
      const staff = requireStaff(req.staff);
      const got = await receive(req);
      const type = sniffType(got.data);
      if (!type) throw new Invalid({ file: 'Only PDF, PNG or JPEG files are accepted.' });
      const [client] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, got.userId));
      if (!client) throw new Invalid({ userId: 'No such client.' });
      await assertMayActOn(deps.db, staff, got.userId);
      const now = deps.clock.now();
      const name = await files.save(got.userId, got.filename, got.data, now, type);
      await audit(deps.db, now, {
        actorId: staff.userId,
        action: 'document.uploaded',
        entity: 'user',
        entityId: got.userId,
        after: {
          file: name,
          type: type.mime,
          bytes: got.data.length,
          givenName: got.filename.slice(0, 200),
        },
        ip: req.ip,
      });
      return { file: name, url: files.link(name, staff.sessionId) };
    });

    // Opened in a new tab, so no bearer header: the signed link itself is the short-lived permission.
    route(scope, calls.banks.openStoredFile, async (req, reply) => {
      const name = req.params.file;
      const full = files.resolve(name);
      const type = files.typeOf(name);
      if (!full || !type) throw new NotFound();
      if (!(await deps.links.open(filePath(name), req.query))) throw new Forbidden('This link has expired.');
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat?.isFile()) throw new NotFound();
      if (startsALook(req.headers.range))
        await deps.views.opened({
          clientId: uploadOwner(name),
          kind: 'BANK_STATEMENT',
          document: name,
          path: filePath(name),
          exp: req.query.exp!,
          ip: req.ip,
        });
      return (
        reply
          .type(type.mime)
          .header('content-length', stat.size)
          // A PDF may carry scripts a browser's viewer would run: it is downloaded, never shown inline.
          .header(
            'content-disposition',
            `${type.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename="${name}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(fs.createReadStream(full))
      );
    });
  });
}

/** Reads the form: one file and the id of the client it belongs to. Bad forms are 4xx, never 5xx. */
async function receive(req: FastifyRequest): Promise<Received> {
  if (!req.isMultipart()) throw new Invalid({ file: 'Send the file as multipart/form-data.' });
  let userId = '';
  let file: { filename: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        file = { filename: part.filename, data: await part.toBuffer() };
      } else if (part.type === 'field' && part.fieldname === 'userId') {
        userId = String(part.value);
      } else {
        if (part.type === 'file') await part.toBuffer();
        throw new Invalid({ [part.fieldname.slice(0, 40)]: 'Unknown field.' });
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw new Invalid({ file: 'Choose a file to upload.' });
  // The given name goes into the audit record, and PostgreSQL cannot store a NUL.
  if (file.filename.includes('\u0000')) throw new Invalid({ file: 'The file name is not valid.' });
  if (!idSchema.safeParse(userId).success)
    throw new Invalid({ userId: 'Choose the client the document is for.' });
  return { userId, ...file };
}

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, { file: TOO_BIG });
    case 'FST_FILES_LIMIT':
      return new Invalid({ file: 'Send one file at a time.' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new Invalid({ body: 'Too many form fields.' });
    default:
      // A malformed or cut-off multipart body.
      return new Invalid({ file: 'The upload could not be read.' });
  }
}
