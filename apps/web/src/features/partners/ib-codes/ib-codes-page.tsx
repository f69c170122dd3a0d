import { PAGE_SIZES } from '@brokerdesk/contract';
import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { PageHeader } from '../../../shared/page-header.tsx';
import { IconPlus, IconSquarePlus, IconWand } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { listDefaults, toPagedRequest, useUrlListState } from '../../../shared/data-table/index.ts';
import { ExportButton } from '../../../shared/export-button.tsx';
import { usePageTitle } from '../../../shared/use-page-title.ts';
import { useMe } from '../../../app/shell/system-queries.ts';
import { AddSlotsModal } from './add-slots-modal.tsx';
import { GenerateCodesModal } from './generate-codes-modal.tsx';
import { IB_CODE_SORT_FIELDS } from './ib-code-columns.tsx';
import { IbCodesTable } from './ib-codes-table.tsx';
import { IB_CODE_FILTER_TYPES, IB_CODE_SEARCH, useIbCodes } from './ib-codes-queries.ts';
import { COUNTER_HINTS, codesLeftText, subcodesLeftText } from './ib-counters.ts';
import { NewIntroducerModal } from './new-introducer-modal.tsx';
import { SearchBox } from './search-box.tsx';

/** The search box is kept in the URL with the page and sort, as f.q. */
const LIST = listDefaults(PAGE_SIZES.ib, {
  sortFields: IB_CODE_SORT_FIELDS,
  filterFields: [IB_CODE_SEARCH],
});

/**
 * /ib-codes (docs/product.md [screen.ib-codes]): counters, introducers with their links, New Introducer and
 * Generate Codes.
 */
export function IbCodesPage() {
  usePageTitle('IB Codes');
  const list = useUrlListState(LIST);
  const query = useIbCodes(list.state);
  const me = useMe();
  const [modal, setModal] = useState<'add' | 'generate' | 'slots' | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const search = list.state.filters[IB_CODE_SEARCH] ?? '';
  const counters = query.data?.counters;
  const total = query.data?.totalSize ?? 0;
  // Only a SYSOP raises the quotas (docs/decisions.md); the server checks it as well.
  const canAddSlots = me.data?.role === 'SYSOP';

  const toggle = (agentCode: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(agentCode)) next.add(agentCode);
      return next;
    });

  // A page past the end (after a search, say) goes to the last page instead of showing nothing.
  const lastPage = Math.max(1, Math.ceil(total / list.state.sizePerPage));
  const outOfRange = query.data !== undefined && !query.isPlaceholderData && list.state.page > lastPage;
  useEffect(() => {
    if (outOfRange) list.setPage(lastPage, { replace: true });
  }, [outOfRange, lastPage, list]);

  return (
    <Stack gap="md">
      <PageHeader title="IB Codes">
        <Group gap="sm">
          <ExportButton list="ib-codes" request={toPagedRequest(list.state, IB_CODE_FILTER_TYPES)} />
          {canAddSlots && (
            <Button
              variant="default"
              leftSection={<IconSquarePlus size={16} />}
              onClick={() => setModal('slots')}
            >
              Add slots
            </Button>
          )}
          <Button variant="light" leftSection={<IconWand size={16} />} onClick={() => setModal('generate')}>
            Generate codes
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('add')}>
            Add Introducer
          </Button>
        </Group>
      </PageHeader>
      <Group justify="space-between">
        <Stack gap={4}>
          <Group gap="sm">
            <CounterBadge left={counters?.availableIbCodes} hint={COUNTER_HINTS.codes}>
              {counters ? codesLeftText(counters) : 'Codes left: …'}
            </CounterBadge>
            <CounterBadge left={counters?.availableSubcodes} hint={COUNTER_HINTS.subcodes}>
              {counters ? subcodesLeftText(counters) : 'Subcodes left: …'}
            </CounterBadge>
          </Group>
          <Text size="xs" c="dimmed">
            {COUNTER_HINTS.short}
          </Text>
        </Stack>
        <SearchBox
          value={search}
          onChange={(value) => list.setFilter(IB_CODE_SEARCH, value)}
          placeholder="Search name or agent code"
        />
      </Group>
      <IbCodesTable
        rows={query.data?.ibs}
        total={total}
        totalCapped={query.data?.totalCapped}
        list={list}
        expanded={expanded}
        onToggle={toggle}
        loading={query.isPending}
        refreshing={query.isPlaceholderData && query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
      />
      <Text size="xs" c="dimmed">
        Click a row to show its generated links. Double-click a name to rename it; it is saved when you leave
        the box.
      </Text>
      {modal === 'add' && <NewIntroducerModal counters={counters} onClose={() => setModal(null)} />}
      {modal === 'generate' && (
        <GenerateCodesModal
          counters={counters}
          onGenerated={(agentCode) => setExpanded((current) => new Set(current).add(agentCode))}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'slots' && <AddSlotsModal counters={counters} onClose={() => setModal(null)} />}
    </Stack>
  );
}

/** A quota counter, red when none is left; hovering or focusing it says what uses one. */
function CounterBadge({
  left,
  hint,
  children,
}: {
  left: number | undefined;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={hint} withArrow multiline w={280}>
      <Badge size="lg" variant="light" color={left ? 'blue' : 'red'} tt="none" tabIndex={0}>
        {children}
      </Badge>
    </Tooltip>
  );
}
