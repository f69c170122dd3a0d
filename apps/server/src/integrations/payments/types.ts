/**
 * The card-style payment provider as the console needs it (docs/product.md [entity.withdrawal], [states]). A
 * client asks the provider to pay a withdrawal to their card; the provider opens an order and processes it
 * (its own checks) before the broker decides. The console learns the order's state, and once the broker has
 * decided tells the provider to pay it out (after the platform was debited) or to cancel it.
 *
 * Every call is idempotent per order id: paying out or cancelling an order twice leaves it paid out or
 * cancelled once, so the console may repeat a call whose reply it never saw.
 */

/**
 * The provider's order status: CREATED (opened, not processed yet), PROCESSED (the provider is done and
 * waits for the broker), CANCELLED (by the broker or the client), DECLINED (the provider refused it).
 */
export const ORDER_STATUSES = ['CREATED', 'PROCESSED', 'CANCELLED', 'DECLINED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type ProviderOrder = {
  orderId: string;
  status: OrderStatus;
  /** Whether the provider has been told to pay the client (it does so on its own schedule). */
  paidOut: boolean;
};

export interface PaymentProvider {
  /** 'standin' or the real provider's name, for logs. */
  readonly name: string;
  /** The provider's view of these orders; ids it does not know are left out. */
  orders(orderIds: readonly string[]): Promise<ProviderOrder[]>;
  /** The broker approved the order and the platform was debited: pay the client. */
  payOut(orderId: string): Promise<ProviderOrder>;
  /** The broker refused the order: the provider cancels it. */
  cancel(orderId: string): Promise<ProviderOrder>;
  close(): Promise<void>;
}

/**
 * The provider refused a call for good (`permanent`: paying out a cancelled order), or could not be
 * reached or answered badly (`transient`: try again later).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'permanent' | 'transient',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
