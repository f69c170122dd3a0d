import { Alert, Anchor, Badge, Center, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { errorsOf } from '../../shared/api.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useDevOutbox } from './dev-queries.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { EpochTime } from '../../shared/time-zone/index.ts';
import { PageHeader } from '../../shared/page-header.tsx';

/** /dev/outbox: the mails a server without SMTP would have sent, newest first, refreshed every 5 s. */
export function DevOutboxPage() {
  usePageTitle('Mail outbox');
  const { data, error, isPending } = useDevOutbox();

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <PageHeader title="Mail outbox">
          <Anchor component={Link} to="/login">
            Back to login
          </Anchor>
        </PageHeader>
        <Text c="dimmed" size="sm">
          Development mode: emails are not sent. They are listed here, newest first, and the list refreshes
          itself every 5 seconds.
        </Text>
        {isPending && (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        )}
        {error && <ErrorAlert errors={errorsOf(error)} />}
        {data && !data.enabled && (
          <Alert color="gray">This server sends real emails; the development outbox is off.</Alert>
        )}
        {data?.enabled && data.mails.length === 0 && <Text>No emails yet.</Text>}
        {data?.mails.map((mail, index) => (
          <Paper key={`${mail.sentAt}-${mail.to}-${index}`} withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start" mb="xs">
              <div>
                <Text fw={700}>{mail.subject}</Text>
                <Text size="sm" c="dimmed">
                  To: {mail.to}
                </Text>
              </div>
              <Badge variant="light" color="gray">
                <EpochTime seconds={mail.sentAt} />
              </Badge>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} ff="monospace">
              <LinkifiedText text={mail.text} />
            </Text>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
