import type { Editing } from '../../funding/shared/use-row-editor.ts';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import { LEVERAGE_MODAL_CLOSE_MS, type LeverageChange } from '@brokerdesk/contract';
import { useEffect } from 'react';
import { formatLeverage, fullName } from '../../../shared/formatters.ts';
import { ALL_UPDATE_STATUSES, UpdateModal, updateStatusOptions } from '../../../shared/update-modal/index.ts';
import { RequestSummary } from '../../funding/shared/request-summary.tsx';
import { CLOSE, RETRY } from '../../funding/shared/request-choices.ts';
import { isFailedMtStatus } from '../../../shared/status-colors.ts';
import type { LeverageStatus } from './leverage-api.ts';
import { useUpdateLeverage } from './leverage-queries.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';

const OPTIONS = updateStatusOptions(ALL_UPDATE_STATUSES);
/** A change the platform refused ("MT5 kept leverage 1:100"): sent again, or closed. */
const REPAIRS = [RETRY, CLOSE];

type Props = {
  /** The change and its client, as the list knew them when the modal opened (and the Reject preset). */
  entry: Editing<LeverageChange>;
  /**
   * The list it was opened from: only a pending list's requests can be decided (docs/product.md [states]).
   */
  listStatus: LeverageStatus;
  onClose: () => void;
};

/**
 * 'Update change leverage' (docs/product.md [screen.leverage-requests]): Approve & process sets the new
 * leverage on the platform, Set as approved records the decision only. After a success it says so and closes
 * 3 s later (docs/product.md [states], [constants]).
 */
export function LeverageUpdateModal({ entry, listStatus, onClose }: Props) {
  const { row: change, client, preset } = entry;
  const update = useUpdateLeverage();
  const refused = change.status === 'approved' && isFailedMtStatus(change.MTStatus);
  const decidable = (listStatus === 'pending' && change.status === 'pending') || refused;
  const done = update.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(onClose, LEVERAGE_MODAL_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [done, onClose]);

  return (
    <UpdateModal
      title="Update change leverage"
      kind="leverage"
      footerStart={<EvidencePackButton subject="leverage" id={change._id} />}
      options={refused ? REPAIRS : OPTIONS}
      initialStatus={refused ? 'retry' : decidable ? (preset ?? 'pending') : change.status}
      initialComment={change.comment}
      statusLocked={!decidable}
      readOnlyReason={
        decidable
          ? undefined
          : `This leverage change is already ${change.status}; it can no longer be changed.`
      }
      doneMessage={done ? update.data.message || 'Leverage change updated.' : undefined}
      details={
        <RequestSummary
          items={[
            { label: 'Client', value: client ? fullName(client.name, client.surname) : change.userId },
            { label: 'Account', value: change.accountNumber },
            { label: 'Type', value: change.accountType },
            { label: 'Old leverage', value: formatLeverage(change.oldLeverage) },
            { label: 'New leverage', value: formatLeverage(change.newLeverage) },
            { label: 'Requested', value: <EpochTime seconds={change.timestamp} /> },
            { label: 'MT status', value: change.MTStatus },
          ]}
        />
      }
      busy={update.isPending}
      error={update.error}
      onSubmit={(values) =>
        update.mutate({ _id: change._id, status: values.status, comment: values.comment })
      }
      onClose={onClose}
    />
  );
}
