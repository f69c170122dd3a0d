export { getMoneyPicture } from './get-money-picture.ts';
export { listRefundableMethods } from './list-refundable-methods.ts';
export { setRefundableMethod } from './set-refundable-method.ts';
