import { ROLES, type Role, type StaffMember } from '@brokerdesk/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { showSuccessNotice } from '../../shared/notify.ts';
import { useUpdateStaff } from './staff-queries.ts';

const LABELS: Record<Role, string> = {
  SYSOP: 'SYSOP',
  ADMIN: 'ADMIN',
  MODERATOR: 'MODERATOR (no longer staff)',
  PARTNER: 'PARTNER (no longer staff)',
  USER: 'USER (no longer staff)',
};

/** Change a staff member's role; a role below ADMIN removes them from the staff. */
export function ChangeRoleModal({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const [role, setRole] = useState<Role>(member.role);
  const update = useUpdateStaff();
  const serverErrors = update.error ? errorsOf(update.error) : {};
  const leaving = role !== 'ADMIN' && role !== 'SYSOP';

  const save = () =>
    update.mutate(
      { _id: member._id, role },
      {
        onSuccess: (reply) => {
          showSuccessNotice(reply.message);
          onClose();
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Change role of ${member.name} ${member.surname}`} centered>
      <Stack gap="sm">
        <Select
          label="Role"
          data={[...ROLES].reverse().map((r) => ({ value: r, label: LABELS[r] }))}
          value={role}
          onChange={(value) => value && setRole(value as Role)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {leaving && (
          <Alert color="yellow" variant="light">
            {member.email} will no longer be staff: they cannot sign in to the console.
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Their sessions end at once; they sign in again with the new role.
        </Text>
        <ErrorAlert errors={serverErrors} fieldKeys={[]} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={role === member.role}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
