import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { PaymentProviderError, type OrderStatus, type PaymentProvider, type ProviderOrder } from './types.ts';

/**
 * The local stand-in for the card-style payment provider (PAYMENT_PROVIDER=standin, the default). Its
 * orders are the provider withdrawals the console holds: it "processes" each one `processSeconds` after
 * the client asked for it, and remembers what the console told it (pay out, cancel) while the server
 * runs. A restart forgets that, which is harmless: the console keeps its own record of each answer and
 * asks again only for orders it has not settled.
 */
export class StandInPaymentProvider implements PaymentProvider {
  readonly name = 'standin';
  private readonly decided = new Map<string, { status: OrderStatus; paidOut: boolean }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly processSeconds: number,
  ) {}

  async orders(orderIds: readonly string[]): Promise<ProviderOrder[]> {
    const ids = [...new Set(orderIds)].filter(Boolean);
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ orderId: withdrawals.providerOrderId, timestamp: withdrawals.timestamp })
      .from(withdrawals)
      .where(inArray(withdrawals.providerOrderId, ids));
    return rows.map((r) => this.view(r.orderId, r.timestamp));
  }

  async payOut(orderId: string): Promise<ProviderOrder> {
    const order = await this.one(orderId);
    if (order.status === 'CANCELLED' || order.status === 'DECLINED') {
      throw new PaymentProviderError(`Order ${orderId} is ${order.status.toLowerCase()}`, 'permanent');
    }
    if (order.status !== 'PROCESSED') {
      throw new PaymentProviderError(`Order ${orderId} is not processed yet`, 'transient');
    }
    this.decided.set(orderId, { status: 'PROCESSED', paidOut: true });
    return { orderId, status: 'PROCESSED', paidOut: true };
  }

  async cancel(orderId: string): Promise<ProviderOrder> {
    const order = await this.one(orderId);
    if (order.paidOut) throw new PaymentProviderError(`Order ${orderId} was paid out`, 'permanent');
    if (order.status === 'DECLINED') return order;
    this.decided.set(orderId, { status: 'CANCELLED', paidOut: false });
    return { orderId, status: 'CANCELLED', paidOut: false };
  }

  /** The provider refuses an order (its checks failed): for tests and demonstrations. */
  decline(orderId: string): void {
    this.decided.set(orderId, { status: 'DECLINED', paidOut: false });
  }

  async close(): Promise<void> {}

  private view(orderId: string, requestedAt: number): ProviderOrder {
    const decided = this.decided.get(orderId);
    if (decided) return { orderId, ...decided };
    const processed = this.clock.now() >= requestedAt + this.processSeconds;
    return { orderId, status: processed ? 'PROCESSED' : 'CREATED', paidOut: false };
  }

  private async one(orderId: string): Promise<ProviderOrder> {
    const [order] = await this.orders([orderId]);
    if (!order) throw new PaymentProviderError(`No order ${orderId}`, 'permanent');
    return order;
  }
}
