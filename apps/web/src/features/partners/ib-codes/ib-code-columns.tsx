import type { IbCode } from '@brokerdesk/contract';
import type { DataTableColumn } from '../../../shared/data-table/index.ts';
import { timeColumn } from '../../../shared/column-kinds.tsx';
import { CopyLink } from './copy-link.tsx';
import { IntroducerName } from './introducer-name.tsx';

/** docs/product.md [screen.ib-codes]: name (editable), agent code, account status code, link, added. */
export const IB_CODE_COLUMNS: DataTableColumn<IbCode>[] = [
  { id: 'name', header: 'Name', cell: (ib) => <IntroducerName ib={ib} />, sortable: true },
  { id: 'agentCode', header: 'Agent code', cell: (ib) => ib.agentCode, sortable: true },
  { id: 'statusCode', header: 'Account status code', cell: (ib) => ib.statusCode, sortable: true },
  { id: 'link', header: 'Link', cell: (ib) => <CopyLink href={ib.link} /> },
  timeColumn('timeCreated', 'Added', (ib) => ib.timeCreated),
];

/** The fields the server sorts introducers by. */
export const IB_CODE_SORT_FIELDS = IB_CODE_COLUMNS.filter((c) => c.sortable).map((c) => c.id);
