import { REPORT_FREQUENCY_LABELS, type ReportSubscription } from '@brokerdesk/contract';
import { Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { textValue } from '../../shared/field-props.ts';
import { FormModal } from '../../shared/form-modal.tsx';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';
import { useRunNow } from './reports-api.ts';

const PREVIOUS: Record<ReportSubscription['frequency'], dayjs.ManipulateType> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/** Run now: the subscription's report for the past period holding a chosen day, mailed to its subscriber. */
export function RunNowModal({
  subscription,
  onClose,
}: {
  subscription: ReportSubscription;
  onClose: () => void;
}) {
  const run = useRunNow();
  const [day, setDay] = useState(() =>
    dayjs().subtract(1, PREVIOUS[subscription.frequency]).format('YYYY-MM-DD'),
  );
  const errors = errorsOf(run.error);
  const submit = () =>
    run.mutate(
      { subscriptionId: subscription._id, day },
      {
        onSuccess: (r) => {
          if (r.status === 'sent') showSuccessNotice(`${r.period.label}: report sent to ${r.staffEmail}.`);
          else showErrorNotice(r.error || 'The report is made; its mail is tried again shortly.');
          onClose();
        },
      },
    );
  return (
    <FormModal
      title="Run a report now"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Run now"
      submitDisabled={!day}
      busy={run.isPending}
    >
      <Text size="sm">
        {REPORT_FREQUENCY_LABELS[subscription.frequency]} report for{' '}
        {subscription.staffName || subscription.staffEmail}, in {subscription.timeZone}. It is made for the
        past period that holds this day, mailed, and kept in the history.
      </Text>
      <TextInput
        type="date"
        label="A day of the period"
        {...textValue(day, setDay)}
        error={errors.day ?? errors.server}
      />
    </FormModal>
  );
}
