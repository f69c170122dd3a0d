import { processIbRequestRequest, type ProcessIbRequestRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorsOf } from '../../../shared/api.ts';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';
import { isOpen, type IbRequestRow } from './ib-request-rows.tsx';
import { useProcessIbRequest } from './ib-requests-queries.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { fieldProps } from '../../../shared/field-props.ts';
import { StatusBadge } from '../../../shared/status-badge.tsx';

type Props = { request: IbRequestRow; onClose: () => void };

const QUESTIONS = [1, 2, 3, 4] as const;

/**
 * The IB request detail modal (docs/product.md [screen.ib-requests]): the client, the four answers, and
 * approve or reject.
 */
export function IbRequestModal({ request, onClose }: Props) {
  // Whether the request could be decided when the modal opened. The details above follow the latest
  // data, but the form stays until its own answer arrives: a refresh that shows the request decided
  // (by this very form) must not unmount it before it closes the modal. A decision by someone else
  // meanwhile gets the server's 409 in the form.
  const [open] = useState(() => isOpen(request));
  return (
    <Modal opened onClose={onClose} title={`IB request: ${request.clientName}`} size="lg" centered>
      <Stack gap="md">
        <Group gap="xs">
          <Anchor component={Link} to={`/user/profile/${request.userId}`} fw={600} size="sm">
            {request.clientName || 'Client profile'}
          </Anchor>
          <Text size="sm" c="dimmed">
            {request.client?.email}
          </Text>
          <div style={{ marginLeft: 'auto' }}>
            <EvidencePackButton subject="ibRequest" id={request._id} />
          </div>
        </Group>
        <DetailGrid cols={3}>
          <DetailItem label="Requested">
            <EpochTime seconds={request.timestamp} />
          </DetailItem>
          <DetailItem label="Status">
            <StatusBadge status={request.status} />
          </DetailItem>
          <DetailItem label="Agent code">{request.client?.agentCode ?? ''}</DetailItem>
        </DetailGrid>
        {request.status === 'error' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="The last attempt failed"
          >
            {request.errorMessage || 'No reason was recorded.'} Approving again retries it.
          </Alert>
        )}
        <Stack gap="sm">
          {QUESTIONS.map((n) => (
            <div key={n}>
              <Text size="sm" fw={600}>
                {n}. {request[`question${n}`]}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {request[`answer${n}`] || '—'}
              </Text>
            </div>
          ))}
        </Stack>
        <Divider />
        {open ? (
          <DecisionForm request={request} onDone={onClose} onCancel={onClose} />
        ) : (
          <DetailItem label="Comment">{request.comment}</DetailItem>
        )}
      </Stack>
    </Modal>
  );
}

/** Reject, then Approve: the one that says yes is the last and the boldest. */
const DECISIONS = [
  { status: 'rejected', label: 'Reject', color: 'red', variant: 'light', Icon: IconX },
  { status: 'approved', label: 'Approve', color: 'green', variant: 'filled', Icon: IconCheck },
] as const;

type FormProps = { request: IbRequestRow; onDone: () => void; onCancel: () => void };

/** docs/product.md [states]: approve or reject, a comment required either way ('A comment is required.'). */
function DecisionForm({ request, onDone, onCancel }: FormProps) {
  const form = useForm<ProcessIbRequestRequest>({
    resolver: zodResolver(processIbRequestRequest),
    defaultValues: { userId: request.userId, status: 'approved', comment: '' },
  });
  const process = useProcessIbRequest(request._id);
  const serverErrors = process.error ? errorsOf(process.error) : {};
  const field = fieldProps(form, serverErrors);
  const deciding = process.isPending ? process.variables?.status : undefined;

  const decide = (status: ProcessIbRequestRequest['status']) =>
    form.handleSubmit((values) => process.mutate({ ...values, status }, { onSuccess: onDone }))();

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()}>
      <Stack gap="sm">
        <Textarea
          label="Comment"
          description="Required to approve or reject. Kept with the request and in the client log."
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...field('comment')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {DECISIONS.map(({ status, label, color, variant, Icon }) => (
            <Button
              key={status}
              color={color}
              variant={variant}
              leftSection={<Icon size={16} />}
              loading={deciding === status}
              disabled={process.isPending && deciding !== status}
              onClick={() => void decide(status)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </form>
  );
}
