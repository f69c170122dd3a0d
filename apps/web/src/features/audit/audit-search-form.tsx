import { AUDIT_ENTITY_LABELS, auditClientTextSchema, idSchema } from '@brokerdesk/contract';
import { Autocomplete, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useAdmins } from '../accounts/accounts-queries.ts';
import { epochToLocalInput, localInputToEpoch, recordIdIn, type RawAuditFilters } from './audit-filters.ts';
import { useAuditFacets } from './audit-queries.ts';
import { textValue } from '../../shared/field-props.ts';

type Props = {
  /** The filters in the URL now. */
  values: RawAuditFilters;
  onSearch: (values: RawAuditFilters) => void;
};

type Draft = {
  actorId: string | null;
  /** A client's name, email or id: an id goes to the URL as userId, any other text as client. */
  client: string;
  recordId: string;
  entity: string | null;
  action: string;
  from: string;
  to: string;
};

/** The fields of the draft typed into a text box. */
type TypedKey = 'client' | 'recordId' | 'from' | 'to';

const draftOf = (v: RawAuditFilters): Draft => ({
  actorId: v.actorId ?? null,
  client: v.client ?? v.userId ?? '',
  recordId: v.recordId ?? '',
  entity: v.entity ?? null,
  action: v.action ?? '',
  from: epochToLocalInput(v.from),
  to: epochToLocalInput(v.to),
});

const isId = (text: string) => idSchema.safeParse(text).success;

/**
 * The audit search: client (name, email or id), staff, action, kind of record, a record's id and a time
 * range. Nothing is sent until Search, so typing does not fire a search per keystroke; the filters then
 * go to the URL, where a reload or a shared link finds them.
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
  // The kinds the trail holds, in words; one in the URL that the trail does not hold stays choosable.
  const kinds = useMemo(() => {
    const entities = new Set(facets.data?.entities ?? []);
    if (draft.entity) entities.add(draft.entity);
    return [...entities]
      .map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] ?? value }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [facets.data, draft.entity]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // The value and change handler of one field of the draft: typed text, or a choice that can be cleared.
  const typed = (key: TypedKey) => textValue(draft[key], (value) => set(key, value));
  const chosen = (key: 'actorId' | 'entity') => ({
    value: draft[key],
    onChange: (v: string | null) => set(key, v),
  });

  const client = draft.client.trim();
  const clientError =
    client && !isId(client) ? auditClientTextSchema.safeParse(client).error?.issues[0]?.message : undefined;
  const recordId = draft.recordId.trim() ? recordIdIn(draft.recordId) : null;
  const recordError = draft.recordId.trim() && !recordId;
  const from = localInputToEpoch(draft.from);
  const to = localInputToEpoch(draft.to, true);
  const rangeError = from !== undefined && to !== undefined && Number(from) > Number(to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (clientError || recordError || rangeError) return;
    onSearch({
      actorId: draft.actorId ?? undefined,
      userId: client && isId(client) ? client : undefined,
      client: client && !isId(client) ? client : undefined,
      recordId: recordId ?? undefined,
      entity: draft.entity ?? undefined,
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
        <TextInput
          label="Client"
          placeholder="Name, email or client id"
          {...typed('client')}
          error={clientError}
          w={250}
        />
        <Select
          label="Staff"
          placeholder="Anyone"
          data={staff}
          {...chosen('actorId')}
          searchable
          clearable
          w={190}
        />
        <Autocomplete
          label="Action"
          placeholder="Any"
          data={facets.data?.actions ?? []}
          value={draft.action}
          onChange={(v) => set('action', v)}
          limit={50}
          w={220}
        />
        <Select
          label="Record kind"
          placeholder="Any"
          data={kinds}
          {...chosen('entity')}
          searchable
          clearable
          w={200}
        />
      </Group>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Record id"
          placeholder="Paste an id, e.g. wd:6a96…"
          {...typed('recordId')}
          error={recordError ? "Paste a record's id: 24 characters, 0-9 and a-f." : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          w={250}
        />
        <TextInput type="datetime-local" label="From" {...typed('from')} w={200} />
        <TextInput
          type="datetime-local"
          label="To"
          {...typed('to')}
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
