import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TradingPlatform } from '../../integrations/platform/types.ts';
import type { ClientMailer } from '../funding/client-mail.ts';
import type { AnyRequestKind } from './kind.ts';

/** The platform read a rejection makes first: a deal by the request's keys (TradingPlatform.findDeal). */
export type DealFinder = Pick<TradingPlatform, 'name' | 'findDeal'>;

/** What the decisions of every kind may use, built once by the composition root. */
export type KindDeps = {
  db: Db;
  clock: Clock;
  /** Tells the operations worker that work was queued (it also polls). */
  wakeWorker: () => void;
  /** The client's notice of a decided deposit or withdrawal; never rejects. */
  mailClient: ClientMailer;
  /** Where a rejection first looks for a deal of the request; none when no platform is configured. */
  deals?: DealFinder;
  publicUrl: string;
  /**
   * Called after a decision has committed, with the kind and the decided row (alerts run their rules
   * here: docs/product.md [alerts.after-decision]). Not awaited by the decision and never failing it.
   */
  afterDecision?: (kind: AnyRequestKind, row: unknown) => Promise<void>;
};
