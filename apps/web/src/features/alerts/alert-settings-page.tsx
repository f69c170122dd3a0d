import { useState } from 'react';
import { ALERT_RULE_LABELS, type AlertThreshold } from '@brokerdesk/contract';
import { Alert, Button, Loader, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useMe } from '../../app/shell/system-queries.ts';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { useAlertThresholds, useSetAlertThreshold } from './alerts-queries.ts';
import { RefundSettings } from './refund-settings.tsx';

/** One setting: its value, saved on its own, checked against its range before it is sent. */
function SettingRow({ t, editable }: { t: AlertThreshold; editable: boolean }) {
  const [value, setValue] = useState<number | string>(t.value);
  const save = useSetAlertThreshold();
  const n = typeof value === 'number' ? value : Number.NaN;
  const outOfRange = !Number.isFinite(n) || n < t.min || n > t.max;
  return (
    <Table.Tr>
      <Table.Td>{ALERT_RULE_LABELS[t.rule]}</Table.Td>
      <Table.Td>{t.label}</Table.Td>
      <Table.Td>{t.currency || '—'}</Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`${t.label} ${t.currency}`.trim()}
          value={value}
          onChange={setValue}
          min={t.min}
          max={t.max}
          decimalScale={2}
          disabled={!editable}
          error={outOfRange ? `From ${t.min} to ${t.max}` : undefined}
          w={160}
        />
      </Table.Td>
      <Table.Td>
        {editable && (
          <Button
            size="xs"
            disabled={outOfRange || n === t.value}
            loading={save.isPending}
            onClick={() => save.mutate({ rule: t.rule, setting: t.setting, currency: t.currency, value: n })}
          >
            Save
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /alerts/settings (docs/product.md [screen.alerts.settings]): the rules' thresholds; a SYSOP sets them. */
export function AlertSettingsPage() {
  usePageTitle('Alert settings');
  const me = useMe();
  const thresholds = useAlertThresholds();
  const editable = me.data?.role === 'SYSOP';
  return (
    <Stack gap="md">
      <Title order={2}>Alert settings</Title>
      <Text size="sm" c="dimmed">
        The limits the alert rules use, per currency where they are money (never converted). Splitting
        deposits is measured against the four-eyes threshold of each currency; deposits above what the client
        declared, against the expected deposit and savings of the application.
      </Text>
      {!editable && me.data && (
        <Alert color="gray" variant="light">
          Only a SYSOP can change the alert settings.
        </Alert>
      )}
      {thresholds.isPending && <Loader size="sm" aria-label="Loading" />}
      {thresholds.error && <ErrorAlert errors={errorsOf(thresholds.error)} />}
      {thresholds.data && (
        <Table aria-label="Alert settings" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Setting</Table.Th>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {thresholds.data.map((t) => (
              <SettingRow
                // A fresh row once the server answers, so the input starts from what it holds.
                key={`${t.rule}:${t.setting}:${t.currency}:${t.value}`}
                t={t}
                editable={editable}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <RefundSettings editable={editable} />
    </Stack>
  );
}
