/** The one update modal of the request screens (docs/product.md [rule.update-modal]). */
export { UpdateModal, type UpdateModalProps } from './update-modal.tsx';
export type { DealAmountConfig } from './deal-amount-fields.tsx';
export {
  ALL_UPDATE_STATUSES,
  rejectionBlocked,
  updateStatusOptions,
  validateUpdate,
  type RejectKind,
  type UpdateStatusOption,
  type ValidUpdate,
} from './update-values.ts';
