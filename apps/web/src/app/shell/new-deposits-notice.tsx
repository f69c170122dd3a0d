import { Anchor, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hideNotice, showNotice } from '../../shared/notify.ts';
import { useNewDepositsCheck } from './system-queries.ts';

const NOTICE_ID = 'new-deposit-request';
const PENDING_DEPOSITS = '/deposit-requests/pending';

/**
 * The new-deposits notice (docs/product.md [overview], [constants]): it stays until the staff member closes
 * it. One fixed id, so repeated `notify: true` answers while it is open do not stack copies.
 */
export function useNewDepositsNotice(): void {
  const navigate = useNavigate();
  const { data, dataUpdatedAt } = useNewDepositsCheck();

  useEffect(() => {
    if (!data?.notify) return;
    showNotice({
      id: NOTICE_ID,
      title: 'New deposit request',
      color: 'blue',
      icon: <IconBell size={18} />,
      autoClose: false,
      message: (
        <Text size="sm">
          <Anchor
            href={PENDING_DEPOSITS}
            onClick={(event) => {
              event.preventDefault();
              hideNotice(NOTICE_ID);
              void navigate(PENDING_DEPOSITS);
            }}
          >
            View pending deposits
          </Anchor>
        </Text>
      ),
    });
    // dataUpdatedAt: every answer counts, even one equal to the last (the object is shared by the cache).
  }, [data, dataUpdatedAt, navigate]);
}
