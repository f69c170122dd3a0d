import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { StandInPaymentProvider } from './stand-in.ts';
import type { PaymentProvider } from './types.ts';

/** The payment provider PAYMENT_PROVIDER names; the stand-in by default, so a fresh clone needs nothing. */
export function createPaymentProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  switch (config.payments.provider) {
    case 'standin':
      return new StandInPaymentProvider(db, clock, config.payments.standInProcessSeconds);
  }
}
