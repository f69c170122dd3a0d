import { z } from 'zod';
import { epochSchema } from './common.ts';
import { menuCountersSchema } from './entities.ts';

export const newRequestsCountResponse = menuCountersSchema;
export const checkNewDepositsResponse = z.object({ notify: z.boolean() });

export const platformStatusSchema = z.object({
  platform: z.string(),
  /** OK, or the reason it is not. */
  status: z.string(),
  /** When the platform last answered, epoch seconds; null when it never has. */
  lastWorking: epochSchema.nullable(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;
export const mlStatusesResponse = z.array(platformStatusSchema);

/** Development mail outbox, only when SMTP_URL is unset. */
export const devOutboxResponse = z.object({
  enabled: z.boolean(),
  mails: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), sentAt: epochSchema })),
});

export const serverInfoResponse = z.object({ devOutbox: z.boolean(), version: z.string() });
