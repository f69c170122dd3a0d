import { LEVERAGE_MODAL_CLOSE_MS, MESSAGES, formatLeverage, type TradingAccount } from '@brokerdesk/contract';
import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useController, useForm, useWatch, type Control } from 'react-hook-form';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { useUpdateAccount } from '../account-mutations.ts';
import {
  accountEditDefaults,
  leverageNumber,
  leverageOptions,
  toAccountUpdate,
  type AccountEditValues,
} from './account-update.ts';
import { PasswordField } from './password-field.tsx';
import { onSubmit } from '../../../shared/on-submit.ts';

type Props = { account: TradingAccount; onClose: () => void };
/** After Save: the leverage set (or null), and where the password change stands (or null). */
type Done = { leverage: number | null; password: 'checking' | 'changed' | 'failed' | null };

const FIELD_KEYS = ['leverage', 'password'] as const;

/**
 * Leverage and password of the account (docs/product.md [screen.trading-accounts], [states], [rules]). Save
 * stays off until something changed, so nothing is ever sent that the server would refuse as 'Nothing has
 * changed.'
 */
export function AccountEditForm({ account, onClose }: Props) {
  const form = useForm<AccountEditValues>({ defaultValues: accountEditDefaults(account) });
  const values = useWatch({ control: form.control }) as AccountEditValues;
  const update = useUpdateAccount();
  const [done, setDone] = useState<Done | null>(null);
  const serverErrors = update.error ? errorsOf(update.error) : {};
  const pending = toAccountUpdate(account, values);

  // docs/product.md [states], [const.leverages]: after a leverage change the modal closes by itself 3 s
  // later. The timer hangs on the leverage alone: a list refresh (a new onClose) or the password result must
  // not restart it.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const leverageSet = done?.leverage ?? null;
  useEffect(() => {
    if (leverageSet === null) return;
    const timer = setTimeout(() => close.current(), LEVERAGE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [leverageSet]);

  const submit = form.handleSubmit((v) => {
    const body = toAccountUpdate(account, v);
    if (!body) return;
    update.mutate(body, {
      onSuccess: (reply) => {
        setDone({
          leverage: reply.leverageChangeRequested && body.leverage ? body.leverage : null,
          password: reply.passwordCheck ? 'checking' : null,
        });
        void reply.passwordCheck?.then((ok) =>
          setDone((d) => d && { ...d, password: ok ? 'changed' : 'failed' }),
        );
      },
    });
  });

  const locked = update.isPending || done !== null;
  return (
    <form noValidate onSubmit={onSubmit(submit)}>
      <Stack gap="sm">
        <LeverageSelect
          control={form.control}
          current={account.leverage}
          locked={locked}
          error={serverErrors.leverage}
        />
        <Controller
          control={form.control}
          name="password"
          render={({ field }) => (
            <PasswordField
              value={field.value}
              onChange={field.onChange}
              locked={locked}
              error={serverErrors.password}
            />
          )}
        />
        <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
        {done && <DoneNotice done={done} />}
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {done ? '' : pending ? changeSummary(account, values) : 'Change the leverage or set a password.'}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {done ? 'Close' : 'Cancel'}
            </Button>
            {!done && (
              <Button type="submit" loading={update.isPending} disabled={!pending}>
                Save
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

type LeverageSelectProps = {
  control: Control<AccountEditValues>;
  current: number;
  locked: boolean;
  error: string | undefined;
};

/** The leverage to set, from the usual options (and the account's own when it is not one of them). */
function LeverageSelect({ control, current, locked, error }: LeverageSelectProps) {
  const { field } = useController({ control, name: 'leverage' });
  return (
    <Select
      label="Leverage"
      description={`Now ${formatLeverage(current)}`}
      data={leverageOptions(current)}
      value={field.value}
      onChange={(value) => value && field.onChange(value)}
      allowDeselect={false}
      disabled={locked}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function changeSummary(account: TradingAccount, values: AccountEditValues): string {
  const parts = [];
  if (leverageNumber(values.leverage) !== account.leverage)
    parts.push(`leverage ${formatLeverage(account.leverage)} → ${values.leverage}`);
  if (values.password.trim()) parts.push('new password');
  return `To save: ${parts.join(', ')}.`;
}

const PASSWORD_TEXT = {
  checking: 'The new password was sent to the platform. Checking the result…',
  changed: MESSAGES.passwordChanged,
  failed: MESSAGES.passwordChangeFailed,
} as const;

function DoneNotice({ done }: { done: Done }) {
  const failed = done.password === 'failed';
  return (
    <Alert
      color={failed ? 'red' : 'green'}
      variant="light"
      icon={failed ? <IconAlertCircle size={18} /> : <IconCircleCheck size={18} />}
    >
      <Stack gap={2}>
        {done.leverage !== null && (
          <span>
            Leverage set to {formatLeverage(done.leverage)}. This window closes in{' '}
            {LEVERAGE_MODAL_CLOSE_MS / 1000} seconds.
          </span>
        )}
        {done.password && (
          <Group gap={6} wrap="nowrap">
            {done.password === 'checking' && <Loader size={12} />}
            <span>{PASSWORD_TEXT[done.password]}</span>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
