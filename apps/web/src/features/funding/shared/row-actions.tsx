import { Button, Group, Tooltip } from '@mantine/core';
import { rowActionProps } from '../../../shared/keyboard/row-keys.ts';
import { stopRowEvent } from './cells.tsx';

type Props = {
  onReject: () => void;
  onApprove: () => void;
  /** This row's approval is on its way. */
  approving: boolean;
  /** Another action is running; one at a time keeps the notices readable. */
  disabled?: boolean;
  /** Why this staff member may not approve (four-eyes: they gave the first approval). */
  approveBlocked?: string;
  /** The refusal's word where the list has its own (bank accounts are declined). */
  rejectLabel?: string;
};

/**
 * The Reject and Approve buttons of a pending list (docs/product.md [states]); 'r' and 'a' on the row press
 * them. Clicks never reach the row.
 */
export function RejectApproveButtons({
  onReject,
  onApprove,
  approving,
  disabled,
  approveBlocked,
  rejectLabel = 'Reject',
}: Props) {
  return (
    <Group gap={6} wrap="nowrap" onDoubleClick={stopRowEvent}>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        {...rowActionProps('reject')}
        onClick={(event) => {
          stopRowEvent(event);
          onReject();
        }}
        disabled={disabled || approving}
      >
        {rejectLabel}
      </Button>
      <Tooltip label={approveBlocked} disabled={!approveBlocked} withArrow multiline maw={260}>
        {/* A disabled button gets no pointer events: the wrapper shows the tooltip. */}
        <span>
          <Button
            size="compact-xs"
            color="green"
            {...rowActionProps('approve')}
            onClick={(event) => {
              stopRowEvent(event);
              onApprove();
            }}
            loading={approving}
            disabled={disabled || Boolean(approveBlocked)}
          >
            Approve
          </Button>
        </span>
      </Tooltip>
    </Group>
  );
}
