import type { User } from '@brokerdesk/contract';
import { Button, Tooltip } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import { useChangeAccountType } from '../client-mutations.ts';

/**
 * The application type in the summary bar. Clicking it asks, then switches Individual <-> Corporate
 * (docs/product.md [screen.profile], [states]); the profile loads again afterwards.
 */
export function AccountTypeSwitch({ user }: { user: User }) {
  const change = useChangeAccountType();
  const changeTo = user.accountType === 'Individual' ? 'Corporate' : 'Individual';

  const ask = async () => {
    const sure = await confirmAction({
      title: 'Change application type',
      message: `Change the application type of this client from ${user.accountType} to ${changeTo}?`,
      confirmLabel: `Change to ${changeTo}`,
    });
    if (sure) change.mutate({ userId: user._id, changeTo });
  };

  return (
    <Tooltip label={`Switch to ${changeTo}`} withArrow>
      <Button
        variant="light"
        size="compact-sm"
        rightSection={<IconArrowsExchange size={14} />}
        loading={change.isPending}
        onClick={() => void ask()}
      >
        {user.accountType}
      </Button>
    </Tooltip>
  );
}
