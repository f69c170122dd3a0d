import { z } from 'zod';
import { idSchema } from '../../common.ts';
import { defineCall } from '../../call.ts';
import { EVIDENCE_PACK_SUBJECTS } from '../../evidence-pack.ts';

/** The pack's ZIP, streamed to the browser from its signed link (the link is the permission). */
export const downloadEvidencePack = defineCall({
  summary: 'Downloads an evidence pack (ZIP) from its signed link.',
  method: 'GET',
  path: '/api/evidence-packs/download',
  access: 'signed',
  query: z.object({
    subject: z.enum(EVIDENCE_PACK_SUBJECTS),
    id: idSchema,
    /** The staff member who asked for the pack (signed with the link). */
    by: idSchema,
    exp: z.coerce.number().int(),
    s: z.string().max(64).optional(),
    sig: z.string().max(100),
  }),
  produces: 'application/zip',
});
