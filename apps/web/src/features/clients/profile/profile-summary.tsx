import { countryName, phoneWithDialCode, type User } from '@brokerdesk/contract';
import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconEdit, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';
import { fullName } from '../../../shared/formatters.ts';
import { PartnerBadge, UserStatusBadge } from '../components/user-badges.tsx';
import { EditUserModal } from '../user-edit/edit-user-modal.tsx';
import { AccountTypeSwitch } from './account-type-switch.tsx';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';

/** The summary bar of the profile (docs/product.md [screen.profile]). */
export function ProfileSummary({ user }: { user: User }) {
  const name = [user.title, fullName(user.name, user.surname)].filter(Boolean).join(' ');
  // The same Edit User modal as a double-click in the lists, so a profile can be corrected in place.
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <UserStatusBadge status={user.status} size="lg" />
            {user.role === 'PARTNER' && <PartnerBadge size="md" />}
            <Title order={2}>{name || user.email}</Title>
          </Group>
          <Group gap="md">
            <Anchor component={Link} to={`/user/application/${user._id}`} size="sm">
              <Group gap={4}>
                <IconFileText size={16} />
                Client application
              </Group>
            </Anchor>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEdit size={14} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <EvidencePackButton subject="client" id={user._id} />
          </Group>
        </Group>
        <DetailGrid cols={4}>
          <DetailItem label="Application type">
            <AccountTypeSwitch user={user} />
          </DetailItem>
          <DetailItem label="Registered">
            <EpochTime seconds={user.timestamp} />
          </DetailItem>
          <DetailItem label="Country">{countryName(user.country)}</DetailItem>
          <DetailItem label="Nationality">{countryName(user.nationality)}</DetailItem>
          <DetailItem label="Agent code">{user.agentCode ?? ''}</DetailItem>
          <DetailItem label="Email">
            <Anchor href={`mailto:${user.email}`} size="sm">
              {user.email}
            </Anchor>
          </DetailItem>
          <DetailItem label="Phone">{phoneWithDialCode(user.country, user.mobilePhone)}</DetailItem>
        </DetailGrid>
      </Stack>
      {editing && <EditUserModal user={user} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
