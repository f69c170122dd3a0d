import type { Editing } from '../../funding/shared/use-row-editor.ts';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import type { SubAccountRequest } from '@brokerdesk/contract';
import { formatAmount, formatLeverage, fullName } from '../../../shared/formatters.ts';
import { UpdateModal, updateStatusOptions } from '../../../shared/update-modal/index.ts';
import { RequestSummary } from '../../funding/shared/request-summary.tsx';
import { useUpdateSubAccount, type SubAccountStatus } from './sub-account-queries.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

/** Approving a sub-account request opens the account at once; there is no 'Approve & process' step. */
const OPTIONS = [
  ...updateStatusOptions(['pending', 'rejected'] as const),
  { value: 'approved' as const, label: 'Approve', description: 'Opens the account on the platform.' },
];

type Props = {
  /** The request and its client, as the list knew them when the modal opened. */
  entry: Editing<SubAccountRequest>;
  listStatus: SubAccountStatus;
  onClose: () => void;
};

/** Why the modal is read-only, or undefined when the request can be decided (docs/product.md [states]). */
export function subAccountLockReason(
  request: SubAccountRequest,
  listStatus: SubAccountStatus,
): string | undefined {
  if (request.adminRequested)
    return 'Opened by staff: the account was created at once, there is nothing to decide.';
  if (listStatus !== 'pending' || request.status !== 'pending') {
    return `This request is already ${request.status}; it can no longer be changed.`;
  }
  return undefined;
}

/**
 * 'Update account' (docs/product.md [screen.sub-account-requests]): status locked unless pending; disabled
 * for admin-requested rows.
 */
export function SubAccountUpdateModal({ entry, listStatus, onClose }: Props) {
  const { row: request, client } = entry;
  const update = useUpdateSubAccount();
  const lock = subAccountLockReason(request, listStatus);
  return (
    <UpdateModal
      title="Update account"
      kind="subAccount"
      footerStart={<EvidencePackButton subject="subAccount" id={request._id} />}
      options={OPTIONS}
      initialStatus={request.status}
      initialComment={request.comment}
      statusLocked={listStatus !== 'pending'}
      readOnlyReason={lock}
      details={
        <RequestSummary
          items={[
            { label: 'Client', value: client ? fullName(client.name, client.surname) : request.userId },
            { label: 'Email', value: client?.email },
            { label: 'Account', value: `${request.live ? 'Live' : 'Demo'} ${request.type}` },
            { label: 'Platform', value: request.platform },
            { label: 'Base currency', value: request.baseCurrency },
            { label: 'Leverage', value: formatLeverage(request.leverage) },
            ...(request.live ? [] : [{ label: 'Balance', value: formatAmount(request.balance) }]),
            { label: 'Requested', value: <EpochTime seconds={request.timeCreated} /> },
          ]}
        />
      }
      busy={update.isPending}
      error={update.error}
      onSubmit={(values) =>
        update.mutate(
          { _id: request._id, status: values.status, comment: values.comment },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    />
  );
}
