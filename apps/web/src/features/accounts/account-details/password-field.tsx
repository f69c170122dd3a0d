import { generatePassword } from '@brokerdesk/contract';
import { Button, CopyButton, Group, PasswordInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconWand } from '@tabler/icons-react';
import { useState } from 'react';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** While saving and after: the password can still be shown and copied, not changed. */
  locked?: boolean;
};

/**
 * New password for the account: typed, or made by Generate (docs/product.md [rule.account-edit]: 10
 * characters, every kind of character). A generated password is shown at once and can be copied, as staff
 * pass it on to the client.
 */
export function PasswordField({ value, onChange, error, locked }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap={4}>
      {/* The error goes under the whole row so the buttons stay level with the input. */}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <PasswordInput
          label="New password"
          description="Leave empty to keep the current password."
          autoComplete="new-password"
          style={{ flex: 1 }}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          visible={visible}
          onVisibilityChange={setVisible}
          inputWrapperOrder={['label', 'description', 'input']}
          error={Boolean(error)}
          readOnly={locked}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group gap={6} wrap="nowrap">
          <Button
            variant="light"
            leftSection={<IconWand size={16} />}
            disabled={locked}
            onClick={() => {
              onChange(generatePassword());
              setVisible(true);
            }}
          >
            Generate
          </Button>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy password'} withArrow>
                <Button
                  variant="default"
                  px="xs"
                  aria-label="Copy password"
                  disabled={!value}
                  onClick={copy}
                  color={copied ? 'teal' : undefined}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </Button>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Group>
      {error && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
