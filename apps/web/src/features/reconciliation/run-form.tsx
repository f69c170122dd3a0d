import { RECONCILIATION_MAX_DAYS, type ReconciliationRunRequest } from '@brokerdesk/contract';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { textValue } from '../../shared/field-props.ts';

type Props = { running: boolean; onRun: (request: ReconciliationRunRequest) => void };

const DATE = 'YYYY-MM-DD';

/** The period as local days: from the start of the first to the last second of the last. */
export function periodOf(fromDay: string, toDay: string): { from: number; to: number } | null {
  const from = dayjs(fromDay);
  const to = dayjs(toDay);
  if (!fromDay || !toDay || !from.isValid() || !to.isValid()) return null;
  return { from: from.startOf('day').unix(), to: to.endOf('day').unix() };
}

/** Account (or every live account) and period, then Run: the comparison runs at once on the server. */
export function RunForm({ running, onRun }: Props) {
  const [login, setLogin] = useState('');
  const [fromDay, setFromDay] = useState(() => dayjs().subtract(7, 'day').format(DATE));
  const [toDay, setToDay] = useState(() => dayjs().format(DATE));
  const period = periodOf(fromDay, toDay);
  const loginError =
    login.trim() && !/^\d{1,15}$/.test(login.trim()) ? 'An account number is digits only.' : undefined;
  const periodError = !period
    ? 'Pick both days.'
    : period.from > period.to
      ? 'The last day is before the first.'
      : period.to - period.from >= RECONCILIATION_MAX_DAYS * 86_400
        ? `At most ${RECONCILIATION_MAX_DAYS} days at a time.`
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loginError || periodError || !period) return;
    onRun({ ...(login.trim() ? { login: Number(login.trim()) } : {}), ...period });
  };

  return (
    <Paper withBorder radius="md" p="sm" component="form" onSubmit={submit} aria-label="Run a reconciliation">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Account"
          placeholder="All live accounts"
          {...textValue(login, setLogin)}
          error={loginError}
          inputMode="numeric"
          w={180}
        />
        <TextInput type="date" label="First day" {...textValue(fromDay, setFromDay)} w={170} />
        <TextInput type="date" label="Last day" {...textValue(toDay, setToDay)} error={periodError} w={170} />
        <Button type="submit" mt={25} loading={running} leftSection={<IconScale size={18} />}>
          Run reconciliation
        </Button>
      </Group>
    </Paper>
  );
}
