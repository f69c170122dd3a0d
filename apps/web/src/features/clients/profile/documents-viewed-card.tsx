import { DOCUMENT_KIND_LABELS, viewedDocumentLabel, type DocumentView } from '@brokerdesk/contract';
import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  DataTable,
  listDefaults,
  useLocalList,
  type DataTableColumn,
  type LocalFields,
} from '../../../shared/data-table/index.ts';
import { SectionCard } from '../../../shared/section-card.tsx';
import { useDocumentViews } from '../../audit/audit-queries.ts';

import { timeColumn } from '../../../shared/column-kinds.tsx';

const KIND_LABELS = DOCUMENT_KIND_LABELS;

/** The views come whole (newest 500) from the server; paged here, 10 or 20 at a time. */
const LIST = listDefaults(
  { sizes: [10, 20], initial: 10 },
  {
    prefix: 'views',
    sortField: 'at',
    sortOrder: 'desc',
    sortFields: ['at', 'actorName', 'kind'],
    filterFields: [],
  },
);

/** A view, numbered: two views can share every field (the same link asked for twice in a second). */
type Row = DocumentView & { n: number };

const FIELDS: LocalFields<Row> = {
  at: (v) => v.at,
  actorName: (v) => v.actorName,
  kind: (v) => KIND_LABELS[v.kind],
};

const COLUMNS: DataTableColumn<Row>[] = [
  { ...timeColumn<Row>('at', 'Time', (v) => v.at), width: 165 },
  { id: 'actorName', header: 'Staff', cell: (v) => v.actorName || 'Unknown', sortable: true, width: 160 },
  { id: 'kind', header: 'Document', cell: (v) => KIND_LABELS[v.kind], sortable: true, width: 150 },
  {
    id: 'document',
    header: 'Type or file',
    cell: (v) => viewedDocumentLabel(v.kind, v.document) || '—',
    wrap: true,
  },
  { id: 'ip', header: 'IP address', cell: (v) => v.ip, width: 130 },
];

/**
 * Documents Viewed: who opened the client's KYC documents, eKYC report or bank statements, and when.
 * Handing out a link is not a look and is not listed (the audit trail keeps it).
 */
export function DocumentsViewedCard({ userId }: { userId: string }) {
  const query = useDocumentViews(userId);
  const rows = useMemo(() => query.data?.map((v, n) => ({ ...v, n })), [query.data]);
  const { table } = useLocalList(LIST, query, rows, FIELDS);
  return (
    <SectionCard
      title="Documents Viewed"
      action={
        <Anchor component={Link} to={`/audit?f.userId=${userId}`} size="sm">
          Full audit trail
        </Anchor>
      }
    >
      <DataTable
        label="Documents Viewed"
        listId="profile.documents-viewed"
        columns={COLUMNS}
        rowKey={(v) => String(v.n)}
        {...table}
        emptyText="No one has opened this client's documents yet."
        withBorder={false}
        minWidth={720}
      />
    </SectionCard>
  );
}
