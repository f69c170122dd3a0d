import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { idSchema, kycApplicantResponse, kycDocumentsResponse } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { kycDocuments, users } from '../../db/schema.ts';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { NotFound, Forbidden } from '../../http/errors.ts';
import type { KycProvider } from '../../integrations/kyc/types.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { DocumentViews, KYC_REPORT_LABEL, kycDocumentLinks } from '../audit/document-views.ts';

const signedQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });

/**
 * KYC calls of SPEC 7.2, and the stand-in provider's signed document and report pages. Handing out the
 * links and opening them are both logged as document views.
 */
export function kycRoutes(
  app: App,
  deps: { db: Db; kyc: KycProvider; links: LinkSigner; clock?: Clock },
): void {
  const views = new DocumentViews(deps.db, deps.clock ?? systemClock);
  const ensureUser = async (id: string) => {
    const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!u) throw new NotFound('No such user.');
  };

  app.get(
    '/api/admin/users/getKYCDocuments/:id',
    { schema: { params: z.object({ id: idSchema }), response: { 200: kycDocumentsResponse } } },
    async (req) => {
      await ensureUser(req.params.id);
      const docs = await deps.kyc.documents(req.params.id);
      const staff = requireStaff(req.staff);
      await views.linksIssued({ userId: staff.userId, ip: req.ip }, req.params.id, kycDocumentLinks(docs));
      return docs;
    },
  );

  app.get(
    '/api/admin/users/getKYCApplicantData/:id',
    { schema: { params: z.object({ id: idSchema }), response: { 200: kycApplicantResponse } } },
    async (req) => {
      await ensureUser(req.params.id);
      return deps.kyc.applicant(req.params.id);
    },
  );

  // Opened in a new tab, so no bearer header: the link itself is the short-lived permission.
  app.get(
    '/api/kyc/view/:docId',
    { config: { public: true }, schema: { params: z.object({ docId: idSchema }), querystring: signedQuery } },
    async (req, reply) => {
      if (!deps.links.verify(`/api/kyc/view/${req.params.docId}`, req.query.exp, req.query.sig))
        throw new Forbidden('This link has expired.');
      const [doc] = await deps.db.select().from(kycDocuments).where(eq(kycDocuments.id, req.params.docId));
      if (!doc) throw new NotFound();
      if (doc.kind === 'IDENTITY' || doc.kind === 'PROOF_OF_RESIDENCE') {
        const path = `/api/kyc/view/${doc.id}`;
        await views.opened({
          clientId: doc.userId,
          kind: doc.kind,
          document: doc.idDocType,
          path,
          exp: req.query.exp,
          ip: req.ip,
        });
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'no-store')
        .send(documentSvg(doc.kind, doc.idDocType));
    },
  );

  app.get(
    '/api/kyc/report/:userId',
    {
      config: { public: true },
      schema: { params: z.object({ userId: idSchema }), querystring: signedQuery },
    },
    async (req, reply) => {
      if (!deps.links.verify(`/api/kyc/report/${req.params.userId}`, req.query.exp, req.query.sig))
        throw new Forbidden('This link has expired.');
      const applicant = await deps.kyc.applicant(req.params.userId);
      await views.opened({
        clientId: req.params.userId,
        kind: 'KYC_REPORT',
        document: KYC_REPORT_LABEL,
        path: `/api/kyc/report/${req.params.userId}`,
        exp: req.query.exp,
        ip: req.ip,
      });
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `eKYC report (local stand-in provider)\n\napplicant: ${applicant.applicantId}\nreview status: ${applicant.reviewStatus}\nanswer: ${applicant.reviewAnswer || '-'}\n`,
        );
    },
  );
}

/** A placeholder picture of a document, as the stand-in has no real scans. */
function documentSvg(kind: string, type: string): string {
  const esc = (s: string) => s.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" rx="24" fill="#eef2f7" stroke="#8a99ad" stroke-width="4"/><text x="40" y="80" font-family="sans-serif" font-size="32" fill="#1f2d3d">${esc(kind.replace(/_/g, ' '))}</text><text x="40" y="130" font-family="sans-serif" font-size="24" fill="#4a5a6e">${esc(type)}</text><text x="40" y="360" font-family="sans-serif" font-size="16" fill="#8a99ad">Local stand-in of the identity-verification provider</text></svg>`;
}
