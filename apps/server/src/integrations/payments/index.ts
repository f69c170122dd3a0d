export {
  ORDER_STATUSES,
  PaymentProviderError,
  type OrderStatus,
  type PaymentProvider,
  type ProviderOrder,
} from './types.ts';
export { StandInPaymentProvider } from './stand-in.ts';
export { createPaymentProvider } from './create-provider.ts';
