import { Button, Group } from '@mantine/core';
import { stopRowEvent } from './cells.tsx';

type Props = {
  onReject: () => void;
  onApprove: () => void;
  /** This row's approval is on its way. */
  approving: boolean;
  /** Another action is running; one at a time keeps the notices readable. */
  disabled?: boolean;
};

/** The Reject and Approve buttons of a pending list (SPEC 4). Clicks never reach the row. */
export function RejectApproveButtons({ onReject, onApprove, approving, disabled }: Props) {
  return (
    <Group gap={6} wrap="nowrap" onDoubleClick={stopRowEvent}>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        onClick={(event) => {
          stopRowEvent(event);
          onReject();
        }}
        disabled={disabled || approving}
      >
        Reject
      </Button>
      <Button
        size="compact-xs"
        color="green"
        onClick={(event) => {
          stopRowEvent(event);
          onApprove();
        }}
        loading={approving}
        disabled={disabled}
      >
        Approve
      </Button>
    </Group>
  );
}
