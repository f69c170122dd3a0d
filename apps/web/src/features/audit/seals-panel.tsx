import type { CallReply, calls } from '@brokerdesk/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconKey, IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { EpochTime } from '../../shared/time-zone/index.ts';
import {
  useAcknowledgeAnchor,
  useAnchorReports,
  useAuditSeals,
  useCheckAnchor,
  useSigningKey,
} from './seal-queries.ts';

type Report = CallReply<typeof calls.audit.listAnchorReports>['reports'][number];
type Check = CallReply<typeof calls.audit.checkAuditAnchor>;

const CHECK_WORDS: Record<Check['status'], { color: string; title: string }> = {
  matches: { color: 'green', title: 'The database matches the anchor' },
  behind: { color: 'orange', title: 'The database is behind the anchor' },
  differs: { color: 'red', title: 'The database differs from the anchor' },
  invalid: { color: 'red', title: 'The anchor does not hold' },
};

/**
 * Seals and anchors on the Audit Trail screen (docs/product.md [audit.seals]): the newest sealed day and
 * whether its anchor was mailed, the public key that signs seals and evidence packs, the seals, a mailed
 * anchor checked against the database, and any report of the database behind an anchor, which a SYSOP
 * acknowledges with a note.
 */
export function SealsPanel({ isSysop }: { isSysop: boolean }) {
  const seals = useAuditSeals();
  const key = useSigningKey();
  const reports = useAnchorReports();
  const [open, setOpen] = useState<'seals' | 'key' | 'check' | null>(null);
  const [acknowledging, setAcknowledging] = useState<Report | null>(null);
  const last = seals.data?.seals[0];
  const lastMailed = seals.data?.seals.find((s) => s.mailedAt !== null);
  const openReports = (reports.data?.reports ?? []).filter((r) => r.acknowledgedAt === null);

  return (
    <Paper withBorder radius="md" p="sm" aria-label="Seals and anchors">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconCertificate size={18} />
            <Title order={5}>Seals and anchors</Title>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconKey size={14} />}
              onClick={() => setOpen('key')}
            >
              Public key
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen('seals')}>
              Seals
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen('check')}>
              Check an anchor
            </Button>
          </Group>
        </Group>
        <Text size="sm">
          {last ? (
            <>
              Last sealed day <b>{last.day}</b> (records {last.firstSeq}–{last.lastSeq}, {last.count} in all),
              sealed <EpochTime seconds={last.sealedAt} />.{' '}
            </>
          ) : (
            'No day is sealed yet: the first seal is made after the first day with records ends. '
          )}
          {lastMailed ? (
            <>
              Last anchor mailed: {lastMailed.day}, <EpochTime seconds={lastMailed.mailedAt!} />.
            </>
          ) : (
            'No anchor has been mailed (AUDIT_ANCHOR_MAIL).'
          )}{' '}
          {key.data && (
            <>
              Signing key <Code>{key.data.keyId}</Code>.
            </>
          )}
        </Text>
        {openReports.map((r) => (
          <Alert
            key={r._id}
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={`Behind the anchor of ${r.day}`}
          >
            <Stack gap={6}>
              <Text size="sm">{r.reason}</Text>
              <Text size="xs" c="dimmed">
                Reported <EpochTime seconds={r.reportedAt} />
                {r.reportedByName ? ` by ${r.reportedByName}` : ''}.
              </Text>
              {isSysop ? (
                <Group>
                  <Button size="xs" color="orange" onClick={() => setAcknowledging(r)}>
                    Acknowledge
                  </Button>
                </Group>
              ) : (
                <Text size="xs">A SYSOP acknowledges it with a note.</Text>
              )}
            </Stack>
          </Alert>
        ))}
      </Stack>
      {open === 'key' && key.data && (
        <Modal opened onClose={() => setOpen(null)} title="Public key of the audit trail" size="lg" centered>
          <Stack gap="sm">
            <Text size="sm">
              Ed25519, key id <Code>{key.data.keyId}</Code>. It checks the daily seals, the mailed anchors and
              every evidence pack: save it as a file and run{' '}
              <Code>npm run audit:verify -- --pack FILE.zip --key KEY.pem</Code>.
            </Text>
            <Code block>{key.data.publicKeyPem}</Code>
            <Group justify="flex-end">
              <CopyButton value={key.data.publicKeyPem}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy the key'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Modal>
      )}
      {open === 'seals' && (
        <SealsModal
          seals={seals.data?.seals ?? []}
          reports={reports.data?.reports ?? []}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'check' && <CheckAnchorModal onClose={() => setOpen(null)} />}
      {acknowledging && <AcknowledgeModal report={acknowledging} onClose={() => setAcknowledging(null)} />}
    </Paper>
  );
}

function SealsModal({
  seals,
  reports,
  onClose,
}: {
  seals: CallReply<typeof calls.audit.listAuditSeals>['seals'];
  reports: Report[];
  onClose: () => void;
}) {
  const done = reports.filter((r) => r.acknowledgedAt !== null);
  return (
    <Modal opened onClose={onClose} title="Daily seals" size="xl" centered>
      <Stack gap="sm">
        <ScrollArea.Autosize mah={420}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day (UTC)</Table.Th>
                <Table.Th>Records</Table.Th>
                <Table.Th>Root</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Anchor mailed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {seals.map((s) => (
                <Table.Tr key={s.day}>
                  <Table.Td>{s.day}</Table.Td>
                  <Table.Td>{s.count ? `${s.firstSeq}–${s.lastSeq} (${s.count})` : 'none'}</Table.Td>
                  <Table.Td ff="monospace" title={s.root}>
                    {s.root.slice(0, 16)}…
                  </Table.Td>
                  <Table.Td ff="monospace">{s.keyId}</Table.Td>
                  <Table.Td>
                    {s.mailedAt ? (
                      <EpochTime seconds={s.mailedAt} />
                    ) : (
                      <Badge color="gray" variant="light">
                        not mailed
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {seals.length === 0 && <Text size="sm">No day is sealed yet.</Text>}
        {done.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Acknowledged restores
            </Text>
            {done.map((r) => (
              <Text key={r._id} size="xs">
                {r.day}: acknowledged by {r.acknowledgedByName ?? r.acknowledgedBy},{' '}
                <EpochTime seconds={r.acknowledgedAt!} />: “{r.note}”
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function CheckAnchorModal({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const check = useCheckAnchor();
  const result = check.data;
  const error = check.error ? Object.values(errorsOf(check.error))[0] : undefined;
  return (
    <Modal opened onClose={onClose} title="Check an anchor" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          Paste a mailed anchor (the whole mail, or its JSON). The database is checked against it; a database
          behind it, as after a restore from an older backup, is reported for a SYSOP to acknowledge.
        </Text>
        <Textarea
          label="Anchor"
          autosize
          minRows={6}
          maxRows={12}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        {result && (
          <Alert
            color={CHECK_WORDS[result.status].color}
            variant="light"
            title={CHECK_WORDS[result.status].title}
            role="status"
          >
            {result.reason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => check.mutate(text)} loading={check.isPending} disabled={!text.trim()}>
            Check
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AcknowledgeModal({ report, onClose }: { report: Report; onClose: () => void }) {
  const [note, setNote] = useState('');
  const ack = useAcknowledgeAnchor();
  const error = ack.error ? errorsOf(ack.error) : {};
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Acknowledge: behind the anchor of ${report.day}`}
      size="lg"
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{report.reason}</Text>
        <Textarea
          label="Note"
          description="What was restored, from when, and what was lost. Kept with the report and in the audit trail."
          withAsterisk
          autosize
          minRows={3}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={error.note ?? error.server}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="orange"
            loading={ack.isPending}
            onClick={() => ack.mutate({ id: report._id, note }, { onSuccess: onClose })}
          >
            Acknowledge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
