import type { UserStatus } from '@brokerdesk/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { FormModal } from '../../../shared/form-modal.tsx';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { useCreateAccount } from '../account-mutations.ts';
import {
  BALANCE_CHOICES,
  CURRENCY_CHOICES,
  LEVERAGE_CHOICES,
  NEW_ACCOUNT_DEFAULTS,
  accountTypeChoices,
  canOpenLive,
  toCreateAccount,
  withRequestType,
  type NewAccountValues,
} from './new-account-values.ts';

type Props = {
  userId: string;
  userStatus: UserStatus;
  onCreated: (account: { accountId: string | undefined; live: boolean }) => void;
  onClose: () => void;
};

const FIELD_KEYS = ['requestType', 'accType', 'baseCurrency', 'leverage', 'balance'] as const;
const combobox = { withinPortal: true } as const;

/**
 * + ADD on the Trading Accounts card (docs/product.md [screen.profile], [rules]): staff open a live or demo
 *   account for the client.
 * Open is off until every required choice is made, so nothing incomplete is ever sent.
 */
export function NewAccountModal({ userId, userStatus, onCreated, onClose }: Props) {
  const [values, setValues] = useState<NewAccountValues>(NEW_ACCOUNT_DEFAULTS);
  const create = useCreateAccount();
  const serverErrors = create.error ? errorsOf(create.error) : {};
  const body = toCreateAccount(userId, values);
  const liveAllowed = canOpenLive(userStatus);
  const set = (key: keyof NewAccountValues) => (value: string | null) =>
    setValues((v) => ({ ...v, [key]: value ?? '' }));

  const submit = () => {
    if (!body) return;
    create.mutate(body, {
      onSuccess: (reply) => {
        onCreated({ accountId: reply.accountId, live: body.requestType === 'live' });
        onClose();
      },
    });
  };

  return (
    <FormModal
      title="New sub-account"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Open account"
      submitDisabled={!body}
      busy={create.isPending}
    >
      <Select
        label="Request type"
        withAsterisk
        placeholder="Live or demo"
        data={[
          { value: 'live', label: 'Live', disabled: !liveAllowed },
          { value: 'demo', label: 'Demo' },
        ]}
        description={liveAllowed ? undefined : 'Live accounts are opened for approved clients only.'}
        value={values.requestType || null}
        onChange={(value) =>
          setValues((v) => withRequestType(v, value === 'live' || value === 'demo' ? value : ''))
        }
        error={serverErrors.requestType}
        comboboxProps={combobox}
        data-autofocus
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label="Platform" value="MT5" readOnly variant="filled" />
        <Select
          label="Account type"
          withAsterisk
          placeholder="Choose"
          data={accountTypeChoices(values.requestType)}
          value={values.accType || null}
          onChange={set('accType')}
          error={serverErrors.accType}
          comboboxProps={combobox}
        />
        <Select
          label="Base currency"
          withAsterisk
          placeholder="Choose"
          data={CURRENCY_CHOICES}
          value={values.baseCurrency || null}
          onChange={set('baseCurrency')}
          error={serverErrors.baseCurrency}
          comboboxProps={combobox}
        />
        <Select
          label="Leverage"
          withAsterisk
          placeholder="Choose"
          data={LEVERAGE_CHOICES}
          value={values.leverage || null}
          onChange={set('leverage')}
          error={serverErrors.leverage}
          comboboxProps={combobox}
        />
      </SimpleGrid>
      {values.requestType === 'demo' && (
        <Select
          label="Balance"
          withAsterisk
          description="The demo account starts with this balance."
          placeholder="Choose"
          data={BALANCE_CHOICES}
          value={values.balance || null}
          onChange={set('balance')}
          error={serverErrors.balance}
          comboboxProps={combobox}
        />
      )}
      <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
    </FormModal>
  );
}
