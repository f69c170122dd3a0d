import type { PartnerEmailSettings as Settings, User } from '@brokerdesk/contract';
import { Button, Center, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { useSavePartnerSettings } from '../client-mutations.ts';
import { usePartnerSettings } from '../client-queries.ts';

/** The five partner mail switches (docs/product.md [entity.partner-email]); all five are sent. */
const SWITCHES: { key: keyof Settings; label: string }[] = [
  { key: 'partnerUserRegistered', label: 'A referred client registers' },
  { key: 'partnerUserApproved', label: 'A referred client is approved' },
  { key: 'partnerUserKYCApproved', label: 'A referred client passes eKYC' },
  { key: 'partnerUserDeposited', label: 'A referred client deposits' },
  { key: 'partnerUserWithdrawalRequest', label: 'A referred client requests a withdrawal' },
];

const ALL_OFF: Settings = {
  partnerUserRegistered: false,
  partnerUserApproved: false,
  partnerUserKYCApproved: false,
  partnerUserDeposited: false,
  partnerUserWithdrawalRequest: false,
};

/** The Email settings tab of Edit User, for partners. */
export function PartnerEmailSettings({ user }: { user: User }) {
  const query = usePartnerSettings(user._id, true);
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (query.error) return <ErrorAlert errors={errorsOf(query.error)} />;
  const item = query.data;
  return (
    <SettingsForm
      key={item ? 'saved' : 'new'}
      partnerId={item?.partnerId ?? user._id}
      agentCode={item?.agentCode ?? user.agentCode}
      initial={item ?? ALL_OFF}
    />
  );
}

type FormProps = { partnerId: string; agentCode: number | null; initial: Settings };

function SettingsForm({ partnerId, agentCode, initial }: FormProps) {
  const [values, setValues] = useState<Settings>(() => pick(initial));
  const save = useSavePartnerSettings();
  const serverErrors = save.error ? errorsOf(save.error) : {};

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Emails this partner receives about the clients they referred
        {agentCode !== null ? ` (agent code ${agentCode})` : ''}.
      </Text>
      {SWITCHES.map(({ key, label }) => (
        <Switch
          key={key}
          label={label}
          checked={values[key]}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((current) => ({ ...current, [key]: checked }));
          }}
        />
      ))}
      <ErrorAlert errors={serverErrors} />
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={() => save.mutate({ partnerId, agentCode, ...values })}>
          Save email settings
        </Button>
      </Group>
    </Stack>
  );
}

/** Only the five switches: the reply also carries ids that must not be sent back twice. */
function pick(settings: Settings): Settings {
  return Object.fromEntries(SWITCHES.map(({ key }) => [key, Boolean(settings[key])])) as Settings;
}
