import { groups } from '../../db/schema.ts';
import { planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { listExport, type ExportableListDef } from '../exports/registry.ts';
import { isoTime } from '../exports/columns.ts';

type Group = typeof groups.$inferSelect;

/**
 * Manage groups (docs/product.md [screen.groups]): the screen's filters and sort (done in the browser there),
 * here in SQL.
 */
const GROUPS: ListSpec = {
  tieBreaker: groups.groupId,
  defaultSort: { field: 'groupId', order: 'asc' },
  fields: {
    ...sortableColumns(groups, { groupId: 'text', groupName: 'text', groupStatus: 'select' }),
    timestamp: { column: groups.timestamp, sortable: true },
  },
};

export const groupsExport: ExportableListDef = {
  plan(db, _params, req) {
    const plan = planList(GROUPS, req);
    return listExport(db, groups, plan, {
      name: 'groups',
      columns: [
        { header: 'Group ID', value: (g: Group) => g.groupId },
        { header: 'Group name', value: (g) => g.groupName },
        { header: 'Status', value: (g) => g.groupStatus },
        { header: 'Copy', value: (g) => g.copy },
        { header: 'Added (UTC)', value: (g) => isoTime(g.timestamp) },
      ],
    });
  },
};
