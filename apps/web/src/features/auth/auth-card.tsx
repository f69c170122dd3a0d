import { Center, Paper, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../shared/use-page-title.ts';

type Props = { title: string; subtitle?: ReactNode; children: ReactNode };

/** The frame of every sign-in and password page: a centred card under the product name. */
export function AuthCard({ title, subtitle, children }: Props) {
  usePageTitle(title);
  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Stack w="100%" maw={420} gap="md">
        {/* No ADMIN label here: it belongs to the signed-in header (docs/product.md [overview.shell]), and
            its absence tells tests and people alike that nobody is signed in. */}
        <Text fw={800} size="xl" c="blue.7" ta="center">
          Brokerdesk
        </Text>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

/** The staff member's email on the sign-in pages: first in the form, offered by the password manager. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="username" autoFocus {...props} />;
}
