import { calls } from '@brokerdesk/contract';
import type { App } from '../../http/types.ts';
import { requireStaff } from '../../http/types.ts';
import { route } from '../../http/route.ts';
import type { EvidencePackService } from './service.ts';

/** Evidence packs: asked for by staff (ADMIN and above), downloaded from a signed link (no bearer header). */
export function evidencePackRoutes(app: App, deps: { packs: EvidencePackService }): void {
  route(app, calls.evidencePack.createEvidencePack, async (req) => {
    const staff = requireStaff(req.staff);
    return deps.packs.createLink({ userId: staff.userId, sessionId: staff.sessionId, ip: req.ip }, req.body);
  });

  route(app, calls.evidencePack.downloadEvidencePack, async (req, reply) => {
    const pack = await deps.packs.download(req.query);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${pack.filename}"`)
      .header('cache-control', 'no-store')
      .send(pack.body);
  });
}
