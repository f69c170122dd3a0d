import type { FundingApproval } from '@brokerdesk/contract';
import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '../../app/shell/system-queries.ts';
import type { UpdateStatusOption } from '../../shared/update-modal/index.ts';
import { useAdmins } from '../accounts/accounts-queries.ts';
import { ApprovalSummary } from './approval-summary.tsx';
import { fourEyesChoices } from './four-eyes-rules.ts';

type Select<S extends string> = {
  options: UpdateStatusOption<S>[];
  initialStatus: string | null;
  readOnlyReason: string | undefined;
};

/**
 * An update modal's status select under four-eyes, and what it shows above the form: the approvals
 * so far, and why the first approver cannot approve again.
 */
export function useFourEyes<S extends string>(select: Select<S>, approval: FundingApproval | undefined) {
  const me = useMe().data?._id;
  const admins = useAdmins().data;
  const { options, note } = fourEyesChoices(select.options, approval, me);
  const keep = select.readOnlyReason || options.some((o) => o.value === select.initialStatus);
  return {
    select: { ...select, options, initialStatus: keep ? select.initialStatus : null },
    details: (summary: ReactNode) => (
      <Stack gap="sm">
        {summary}
        {approval && <ApprovalSummary approval={approval} admins={admins} />}
        {note && !select.readOnlyReason && (
          <Alert color="orange" variant="light" role="note">
            {note}
          </Alert>
        )}
      </Stack>
    ),
  };
}
