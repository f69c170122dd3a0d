import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FieldErrors } from './api.ts';

type Props = {
  errors: FieldErrors;
  /** Keys shown under their own fields; everything else (server, emailorpassword, …) shows here. */
  fieldKeys?: readonly string[];
};

/**
 * Form-level errors (docs/product.md [messages]: errors.server and friends at the bottom of a form), in red.
 */
export function ErrorAlert({ errors, fieldKeys = [] }: Props) {
  const messages = Object.entries(errors)
    .filter(([key]) => !fieldKeys.includes(key))
    .map(([, message]) => message);
  const unique = [...new Set(messages)];
  if (unique.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {unique.length === 1 ? (
        unique[0]
      ) : (
        <List size="sm">
          {unique.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
