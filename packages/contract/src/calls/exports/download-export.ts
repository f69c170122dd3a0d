import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { exportTokenSchema } from '../../exports.ts';

/** The CSV file of an export, downloaded by the browser from its signed link (the link is the permission). */
export const downloadExport = defineCall({
  summary: 'Downloads an exported CSV file from its signed link.',
  method: 'GET',
  path: '/api/exports/download',
  access: 'signed',
  query: z.object({
    t: exportTokenSchema,
    exp: z.coerce.number().int(),
    s: z.string().max(64).optional(),
    sig: z.string().max(100),
  }),
  produces: 'text/csv',
});
