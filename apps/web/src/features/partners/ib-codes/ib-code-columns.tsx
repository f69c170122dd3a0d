import type { IbCode } from '@brokerdesk/contract';
import type { ReactNode } from 'react';
import { CopyLink } from './copy-link.tsx';
import { IntroducerName } from './introducer-name.tsx';
import { EpochTime } from '../../../shared/time-zone/index.ts';

export type IbCodeColumn = {
  id: string;
  header: string;
  cell: (ib: IbCode) => ReactNode;
  sortable?: boolean;
  sortDescFirst?: boolean;
};

/** docs/product.md [screen.ib-codes]: name (editable), agent code, account status code, link, added. */
export const IB_CODE_COLUMNS: IbCodeColumn[] = [
  { id: 'name', header: 'Name', cell: (ib) => <IntroducerName ib={ib} />, sortable: true },
  { id: 'agentCode', header: 'Agent code', cell: (ib) => ib.agentCode, sortable: true },
  { id: 'statusCode', header: 'Account status code', cell: (ib) => ib.statusCode, sortable: true },
  { id: 'link', header: 'Link', cell: (ib) => <CopyLink href={ib.link} /> },
  {
    id: 'timeCreated',
    header: 'Added',
    cell: (ib) => <EpochTime seconds={ib.timeCreated} />,
    sortable: true,
    sortDescFirst: true,
  },
];

/** The fields the server sorts introducers by. */
export const IB_CODE_SORT_FIELDS = IB_CODE_COLUMNS.filter((c) => c.sortable).map((c) => c.id);
