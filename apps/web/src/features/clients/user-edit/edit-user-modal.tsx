import type { User } from '@brokerdesk/contract';
import { Alert, Center, Loader, Modal, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMe } from '../../../app/shell/system-queries.ts';
import { errorsOf } from '../../../shared/api.ts';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { fullName } from '../../../shared/formatters.ts';
import { useClientProfile } from '../client-queries.ts';
import { EditUserForm } from './edit-user-form.tsx';
import { blockedReason } from './edit-user-values.ts';
import { PartnerEmailSettings } from './partner-email-settings.tsx';

type Props = { user: User; onClose: () => void };

/**
 * Edit User (docs/product.md [screen.client-list], [rules], [roles]): a Profile tab and, for partners, an
 * Email settings tab. The form starts from a fresh profile, not the list row, which may be minutes old.
 */
export function EditUserModal({ user, onClose }: Props) {
  const me = useMe();
  const profile = useClientProfile(user._id);
  const target = profile.data ?? null;
  const isPartner = (target ?? user).role === 'PARTNER';

  let body;
  if (me.isPending || profile.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  } else if (me.error || profile.error || !me.data || !target) {
    body = <ErrorAlert errors={errorsOf(me.error ?? profile.error)} />;
  } else {
    const blocked = blockedReason(me.data.role, target.role);
    body = (
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          {isPartner && <Tabs.Tab value="email">Email settings</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile">
          {blocked ? (
            <Alert color="gray" icon={<IconLock size={18} />} title="This user cannot be edited">
              {blocked}
            </Alert>
          ) : (
            <EditUserForm user={target} editorRole={me.data.role} onDone={onClose} onCancel={onClose} />
          )}
        </Tabs.Panel>
        {isPartner && (
          <Tabs.Panel value="email">
            <PartnerEmailSettings user={target} />
          </Tabs.Panel>
        )}
      </Tabs>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit User: ${fullName(user.name, user.surname) || user.email}`}
      size="xl"
      centered
    >
      {body}
    </Modal>
  );
}
