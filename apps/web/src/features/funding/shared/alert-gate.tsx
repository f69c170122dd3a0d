import { useState, type ReactNode } from 'react';
import {
  ALERT_GATE_MESSAGES,
  ALERT_RULE_LABELS,
  isApprovalAction,
  type AlertChoice,
  type AlertFlag,
  type FundingType,
  type RequestAlert,
} from '@brokerdesk/contract';
import { Alert, Badge, Checkbox, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconShieldX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMe } from '../../../app/shell/system-queries.ts';
import { errorsOf } from '../../../shared/api.ts';
import { isRefetch } from '../../../shared/background-fetch.ts';
import type { UpdateStatusOption } from '../../../shared/update-modal/update-values.ts';
import { alertsApi, requestAlertKeys } from '../../alerts/alerts-api.ts';
import { ageInWords } from '../../alerts/alert-words.ts';
import { isOpenRequest } from './request-state.ts';

/**
 * A request's alerts in its update modal (docs/product.md [alerts.on-approval]): the open and confirmed
 * ones above the decision, what was resolved before beneath them; approving with open alerts needs the
 * note that clears them; a confirmed alert takes the approvals out of the choices, except for a SYSOP,
 * who may override it with a note. The server holds the same rules.
 */
export function useAlertGate(type: FundingType, row: { _id: string; status: string }, error: unknown) {
  const me = useMe();
  const query = useQuery({
    queryKey: requestAlertKeys.detail(`${type}:${row._id}`),
    queryFn: (ctx) => alertsApi.ofRequest(type, row._id, { signal: ctx.signal, background: isRefetch(ctx) }),
  });
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alerts = query.data?.alerts ?? [];
  const open = alerts.filter((a) => a.status === 'open');
  const confirmed = alerts.filter((a) => a.status === 'confirmed');
  const decidable = isOpenRequest(type, row.status);
  const sysop = me.data?.role === 'SYSOP';
  const blocked = decidable && confirmed.length > 0 && !sysop;
  const asksNote = decidable && (open.length > 0 || (confirmed.length > 0 && sysop));
  const serverNote = error ? errorsOf(error).alertNote : undefined;

  const fields: ReactNode = asksNote && (
    <Stack gap={6}>
      {confirmed.length > 0 && sysop && (
        <Checkbox
          label="Override the confirmed alert (SYSOP): approve it anyway"
          checked={override}
          onChange={(event) => {
            setOverride(event.currentTarget.checked);
            setProblem(null);
          }}
        />
      )}
      <Textarea
        label="Alert note"
        description={
          open.length > 0
            ? 'Approving clears the open alerts with this note: what you checked and why it is fine.'
            : 'Why this request is approved over the confirmed alert (kept in the audit trail).'
        }
        autosize
        minRows={2}
        maxRows={5}
        maxLength={2000}
        value={note}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setProblem(null);
        }}
        error={problem ?? serverNote}
      />
    </Stack>
  );

  return {
    panel: <RequestAlerts alerts={alerts} blocked={blocked} sysop={sysop} decidable={decidable} />,
    fields,
    /** The modal's choices: no approval while a confirmed alert holds the request (not a SYSOP). */
    select: <
      S extends string,
      T extends { options: readonly UpdateStatusOption<S>[]; initialStatus: string | null },
    >(
      select: T,
    ): T => {
      if (!blocked) return select;
      const options = select.options.filter((o) => !isApprovalAction(o.value));
      const keep = options.some((o) => o.value === select.initialStatus);
      return { ...select, options, initialStatus: keep ? select.initialStatus : null };
    },
    /**
     * What the chosen status adds to the decision, or null when it cannot go yet (the note's field says
     * why). Only an approval carries the note.
     */
    choice: (status: string): AlertChoice | null => {
      if (!isApprovalAction(status) || !asksNote) return {};
      if (confirmed.length > 0 && !override) {
        setProblem(ALERT_GATE_MESSAGES.confirmed(type));
        return null;
      }
      if (!note.trim()) {
        setProblem(
          open.length > 0
            ? ALERT_GATE_MESSAGES.noteRequired(type, open.length)
            : ALERT_GATE_MESSAGES.overrideNoteRequired,
        );
        return null;
      }
      return { alertNote: note.trim(), ...(override ? { alertOverride: true } : {}) };
    },
  };
}

function RequestAlerts(props: {
  alerts: readonly RequestAlert[];
  blocked: boolean;
  sysop: boolean;
  decidable: boolean;
}) {
  const { alerts, blocked, sysop, decidable } = props;
  if (alerts.length === 0) return null;
  const flagging = alerts.filter((a) => a.status !== 'cleared');
  const cleared = alerts.filter((a) => a.status === 'cleared');
  const confirmed = flagging.some((a) => a.status === 'confirmed');
  return (
    <Stack gap={6} data-testid="request-alerts">
      {flagging.length > 0 && (
        <Alert
          color={confirmed ? 'red' : 'orange'}
          variant="light"
          icon={confirmed ? <IconShieldX size={18} /> : <IconAlertTriangle size={18} />}
          title={flaggingTitle(flagging)}
          styles={{ body: { gap: 4 } }}
        >
          <Stack gap={6}>
            {flagging.map((a) => (
              <AlertLine key={a.id} alert={a} />
            ))}
            {decidable && blocked && (
              <Text size="sm" fw={600}>
                Confirmed as suspicious: this request can only be rejected (a SYSOP may override it).
              </Text>
            )}
            {decidable && confirmed && sysop && (
              <Text size="sm" fw={600}>
                Confirmed as suspicious: reject it, or override the alert with a note below.
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {cleared.map((a) => (
        <Text key={a.id} size="xs" c="dimmed">
          {ALERT_RULE_LABELS[a.rule]}: cleared by {a.resolvedByName || 'a staff member'}
          {a.note ? `: ${a.note}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function flaggingTitle(flagging: readonly RequestAlert[]): string {
  const open = flagging.filter((a) => a.status === 'open').length;
  const confirmed = flagging.length - open;
  return [
    open > 0 ? (open === 1 ? '1 open alert' : `${open} open alerts`) : '',
    confirmed > 0 ? (confirmed === 1 ? '1 confirmed alert' : `${confirmed} confirmed alerts`) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** One alert: its rule, what it saw, its age and who holds it; a confirmed one with its note. */
function AlertLine({ alert: a }: { alert: RequestAlert }) {
  return (
    <div data-alert-id={a.id}>
      <Group gap={6} wrap="nowrap" align="baseline">
        <Text size="sm" fw={600}>
          {ALERT_RULE_LABELS[a.rule]}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {ageInWords(a.ageSeconds)}
          {a.assignedToName ? ` · held by ${a.assignedToName}` : ''}
        </Text>
      </Group>
      <Text size="sm">{a.summary}</Text>
      {a.status === 'confirmed' && (
        <Text size="sm" c="red.8">
          Confirmed by {a.resolvedByName || 'a staff member'}
          {a.note ? `: ${a.note}` : ''}
        </Text>
      )}
    </div>
  );
}

/** A list row's flag: confirmed alerts in red, open ones in orange; nothing without either. */
export function AlertFlagCell({ flag }: { flag: AlertFlag | undefined }) {
  if (!flag) return null;
  if (flag.confirmed > 0)
    return (
      <Tooltip label="An alert confirmed as suspicious: it can only be rejected" withArrow>
        <Badge color="red" variant="filled" size="sm" leftSection={<IconShieldX size={12} />}>
          Confirmed
        </Badge>
      </Tooltip>
    );
  return (
    <Tooltip label="Open alerts: approving needs a note that clears them" withArrow>
      <Badge color="orange" variant="light" size="sm" leftSection={<IconAlertTriangle size={12} />}>
        {flag.open} open
      </Badge>
    </Tooltip>
  );
}
