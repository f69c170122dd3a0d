import { eq } from 'drizzle-orm';
import { MESSAGES, calls } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { FastifyReply } from 'fastify';
import { NotFound, Forbidden, Unavailable } from '../../http/errors.ts';
import { KycUnavailable, type KycFile, type KycProvider } from '../../integrations/kyc/types.ts';
import { kycImagePath, kycReportPath } from '../../integrations/kyc/paths.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { Clock } from '../../lib/clock.ts';
import { DocumentViews, KYC_REPORT_LABEL, kycDocumentLinks, startsALook } from '../audit/document-views.ts';

/**
 * KYC calls of docs/product.md [calls.clients], and the stand-in provider's signed document and report pages.
 * Handing out the links and opening them are both logged as document views.
 */
export function kycRoutes(
  app: App,
  deps: { db: Db; kyc: KycProvider; links: LinkSigner; clock: Clock },
): void {
  // Views are stamped by the app's clock, as every other audit row is.
  const views = new DocumentViews(deps.db, deps.clock);
  const ensureUser = async (id: string) => {
    const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!u) throw new NotFound('No such user.');
  };

  route(app, calls.clients.listKycDocuments, async (req) => {
    await ensureUser(req.params.id);
    const staff = requireStaff(req.staff);
    const docs = await fromProvider(() => deps.kyc.documents(req.params.id, staff.sessionId));
    await views.linksIssued({ userId: staff.userId, ip: req.ip }, req.params.id, kycDocumentLinks(docs));
    return docs;
  });

  route(app, calls.clients.getKycApplicant, async (req) => {
    await ensureUser(req.params.id);
    return fromProvider(() => deps.kyc.applicant(req.params.id));
  });

  // Opened in a new tab, so no bearer header: the link itself is the short-lived permission.
  route(app, calls.clients.openKycImage, async (req, reply) => {
    const { userId, imageId } = req.params;
    const path = kycImagePath(userId, imageId);
    if (!(await deps.links.open(path, req.query))) throw new Forbidden('This link has expired.');
    const image = await fromProvider(() => deps.kyc.image(userId, imageId));
    if (!image) throw new NotFound();
    if (startsALook(req.headers.range))
      await views.opened({
        clientId: userId,
        kind: image.kind,
        document: image.idDocType,
        path,
        exp: req.query.exp,
        ip: req.ip,
      });
    return sendFile(reply, image);
  });

  route(app, calls.clients.openKycReport, async (req, reply) => {
    const path = kycReportPath(req.params.userId);
    if (!(await deps.links.open(path, req.query))) throw new Forbidden('This link has expired.');
    await ensureUser(req.params.userId);
    const file = await fromProvider(() => deps.kyc.report(req.params.userId));
    if (startsALook(req.headers.range))
      await views.opened({
        clientId: req.params.userId,
        kind: 'KYC_REPORT',
        document: KYC_REPORT_LABEL,
        path,
        exp: req.query.exp,
        ip: req.ip,
      });
    return sendFile(reply, file);
  });
}

/** A provider fault is the provider's, not the caller's: 503 with a plain message. */
async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof KycUnavailable) throw new Unavailable(MESSAGES.kycUnavailable);
    throw err;
  }
}

function sendFile(reply: FastifyReply, file: KycFile) {
  // Whatever the provider says the type is, the browser must not sniff or run it as a page of ours.
  return reply
    .type(file.contentType)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    )
    .send(file.body);
}
