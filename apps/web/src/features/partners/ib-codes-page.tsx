import { PAGE_SIZES, type IbCode } from '@brokerdesk/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconWand } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { listDefaults, pageLocally, useUrlListState } from '../../shared/data-table/index.ts';
import { usePageTitle } from '../../shared/use-page-title.ts';
import { GenerateCodesModal } from './generate-codes-modal.tsx';
import { IB_CODE_FIELDS, matchesSearch } from './ib-code-columns.tsx';
import { IbCodesTable } from './ib-codes-table.tsx';
import { useIbCodes } from './ib-codes-queries.ts';
import { codesLeftText, subcodesLeftText } from './ib-counters.ts';
import { NewIntroducerModal } from './new-introducer-modal.tsx';
import { SearchBox } from './search-box.tsx';

/** The search box is kept in the URL with the page and sort, as f.q. */
const SEARCH = 'q';
const LIST = listDefaults(PAGE_SIZES.ib, {
  sortFields: Object.keys(IB_CODE_FIELDS),
  filterFields: [SEARCH],
});
const NO_IBS: IbCode[] = [];

/** /ib-codes (SPEC 2.13): counters, introducers with their links, New Introducer and Generate Codes. */
export function IbCodesPage() {
  usePageTitle('IB Codes');
  const list = useUrlListState(LIST);
  const query = useIbCodes();
  const [modal, setModal] = useState<'add' | 'generate' | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const search = list.state.filters[SEARCH] ?? '';
  const ibs = query.data?.ibs ?? NO_IBS;
  const found = ibs.filter((ib) => matchesSearch(ib, search));
  // Newest first (the server's order) unless a column is sorted.
  const page = pageLocally(found, { ...list.state, filters: {} }, IB_CODE_FIELDS);
  const counters = query.data?.counters;

  const toggle = (agentCode: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(agentCode)) next.add(agentCode);
      return next;
    });

  // A page past the end (after a search, say) goes to the last page instead of showing nothing.
  const lastPage = Math.max(1, Math.ceil(page.total / list.state.sizePerPage));
  const outOfRange = query.data !== undefined && list.state.page > lastPage;
  useEffect(() => {
    if (outOfRange) list.setPage(lastPage, { replace: true });
  }, [outOfRange, lastPage, list]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>IB Codes</Title>
        <Group gap="sm">
          <Button variant="light" leftSection={<IconWand size={16} />} onClick={() => setModal('generate')}>
            Generate codes
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('add')}>
            Add Introducer
          </Button>
        </Group>
      </Group>
      <Group justify="space-between">
        <Group gap="sm">
          <Badge size="lg" variant="light" color={counters?.availableIbCodes ? 'blue' : 'red'} tt="none">
            {counters ? codesLeftText(counters) : 'Codes left: …'}
          </Badge>
          <Badge size="lg" variant="light" color={counters?.availableSubcodes ? 'blue' : 'red'} tt="none">
            {counters ? subcodesLeftText(counters) : 'Subcodes left: …'}
          </Badge>
        </Group>
        <SearchBox
          value={search}
          onChange={(value) => list.setFilter(SEARCH, value)}
          placeholder="Search name or agent code"
        />
      </Group>
      <IbCodesTable
        rows={query.data ? page.rows : undefined}
        total={query.data ? page.total : 0}
        list={list}
        expanded={expanded}
        onToggle={toggle}
        loading={query.isPending}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
      />
      <Text size="xs" c="dimmed">
        Click a row to show its generated links. Double-click a name to rename it; it is saved when you leave
        the box.
        {query.data &&
          query.data.totalSize > ibs.length &&
          ` Showing the newest ${ibs.length} of ${query.data.totalSize}.`}
      </Text>
      {modal === 'add' && <NewIntroducerModal counters={counters} onClose={() => setModal(null)} />}
      {modal === 'generate' && (
        <GenerateCodesModal
          introducers={ibs}
          counters={counters}
          onGenerated={(agentCode) => setExpanded((current) => new Set(current).add(agentCode))}
          onClose={() => setModal(null)}
        />
      )}
    </Stack>
  );
}
