import { Alert, Anchor } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useServerInfo } from './dev-queries.ts';

/**
 * On a server without SMTP the sign-in code only exists in the development outbox; say so where a
 * newcomer waits for the email. Opens in a new tab so the code page stays where it is.
 */
export function DevOutboxNote() {
  const { data } = useServerInfo();
  if (!data?.devOutbox) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMail size={18} />}
      p="xs"
      role="note"
      data-testid="dev-outbox-note"
    >
      Development mode: emails are not sent.{' '}
      <Anchor component={Link} to="/dev/outbox" target="_blank" size="sm" fw={600}>
        Open the mail outbox
      </Anchor>
    </Alert>
  );
}
