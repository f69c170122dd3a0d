import type { UserStatus } from '@brokerdesk/contract';
import { Select, SimpleGrid, TextInput, type ComboboxData } from '@mantine/core';
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
type ChoiceKey = Exclude<keyof NewAccountValues, 'requestType'>;

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

  // A required choice out of a list; nothing is picked until staff pick it.
  const choice = (
    key: ChoiceKey,
    label: string,
    data: readonly string[] | ComboboxData,
    description?: string,
  ) => (
    <Select
      label={label}
      withAsterisk
      description={description}
      placeholder="Choose"
      data={data}
      value={values[key] || null}
      onChange={set(key)}
      error={serverErrors[key]}
      comboboxProps={combobox}
    />
  );

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
        {choice('accType', 'Account type', accountTypeChoices(values.requestType))}
        {choice('baseCurrency', 'Base currency', CURRENCY_CHOICES)}
        {choice('leverage', 'Leverage', LEVERAGE_CHOICES)}
      </SimpleGrid>
      {values.requestType === 'demo' &&
        choice('balance', 'Balance', BALANCE_CHOICES, 'The demo account starts with this balance.')}
      <ErrorAlert errors={serverErrors} fieldKeys={FIELD_KEYS} />
    </FormModal>
  );
}
