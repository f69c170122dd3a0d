import { idSchema } from '@brokerdesk/contract';
import { Autocomplete, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useAdmins } from '../accounts/accounts-queries.ts';
import { epochToLocalInput, localInputToEpoch, type RawAuditFilters } from './audit-filters.ts';
import { useAuditFacets } from './audit-queries.ts';

type Props = {
  /** The filters in the URL now. */
  values: RawAuditFilters;
  onSearch: (values: RawAuditFilters) => void;
};

type Draft = {
  actorId: string | null;
  userId: string;
  entity: string;
  action: string;
  from: string;
  to: string;
};

const draftOf = (v: RawAuditFilters): Draft => ({
  actorId: v.actorId ?? null,
  userId: v.userId ?? '',
  entity: v.entity ?? '',
  action: v.action ?? '',
  from: epochToLocalInput(v.from),
  to: epochToLocalInput(v.to),
});

/**
 * The audit search: staff, client (or any record's id), entity, action and a time range. Nothing is
 * sent until Search, so typing an id does not fire a search per keystroke; the filters then go to the
 * URL, where a reload or a shared link finds them.
 */
export function AuditSearchForm({ values, onSearch }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(values));
  const admins = useAdmins();
  const facets = useAuditFacets();
  const staff = useMemo(
    () =>
      Object.entries(admins.data ?? {})
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [admins.data],
  );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const idError = draft.userId.trim() && !idSchema.safeParse(draft.userId.trim()).success;
  const from = localInputToEpoch(draft.from);
  const to = localInputToEpoch(draft.to, true);
  const rangeError = from !== undefined && to !== undefined && Number(from) > Number(to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (idError || rangeError) return;
    onSearch({
      actorId: draft.actorId ?? undefined,
      userId: draft.userId.trim() || undefined,
      entity: draft.entity.trim() || undefined,
      action: draft.action.trim() || undefined,
      from,
      to,
    });
  };
  const clear = () => {
    setDraft(draftOf({}));
    onSearch({});
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="form"
      onSubmit={submit}
      aria-label="Search the audit trail"
    >
      <Group align="flex-start" gap="sm" mb="xs">
        <Select
          label="Staff"
          placeholder="Anyone"
          data={staff}
          value={draft.actorId}
          onChange={(v) => set('actorId', v)}
          searchable
          clearable
          w={190}
        />
        <TextInput
          label="Client or record id"
          placeholder="24-character id"
          value={draft.userId}
          onChange={(e) => set('userId', e.currentTarget.value)}
          error={idError ? 'An id is 24 characters, 0-9 and a-f.' : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          w={250}
        />
        <Autocomplete
          label="Entity"
          placeholder="Any"
          data={facets.data?.entities ?? []}
          value={draft.entity}
          onChange={(v) => set('entity', v)}
          w={170}
        />
        <Autocomplete
          label="Action"
          placeholder="Any"
          data={facets.data?.actions ?? []}
          value={draft.action}
          onChange={(v) => set('action', v)}
          limit={50}
          w={230}
        />
      </Group>
      <Group align="flex-start" gap="sm">
        <TextInput
          type="datetime-local"
          label="From"
          value={draft.from}
          onChange={(e) => set('from', e.currentTarget.value)}
          w={200}
        />
        <TextInput
          type="datetime-local"
          label="To"
          value={draft.to}
          onChange={(e) => set('to', e.currentTarget.value)}
          error={rangeError ? 'The end is before the start.' : undefined}
          w={200}
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            Search
          </Button>
          <Button variant="default" leftSection={<IconX size={16} />} onClick={clear}>
            Clear
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
