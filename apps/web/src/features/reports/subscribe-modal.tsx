import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, type ReportFrequency } from '@brokerdesk/contract';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { errorsOf } from '../../shared/api.ts';
import { FormModal } from '../../shared/form-modal.tsx';
import { showSuccessNotice } from '../../shared/notify.ts';
import { browserTimeZone, timeZoneChoices } from '../../shared/time-zone/index.ts';
import { useStaffList } from '../staff/staff-queries.ts';
import { useSubscribe } from './reports-api.ts';

/** Subscribe a staff member: who, how often, and in which time zone the periods are counted. */
export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const staff = useStaffList();
  const subscribe = useSubscribe();
  const [staffId, setStaffId] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<ReportFrequency>('monthly');
  const [timeZone, setTimeZone] = useState<string | null>(browserTimeZone());
  const errors = errorsOf(subscribe.error);
  const members = (staff.data?.staff ?? []).filter((m) => m.status !== 'disabled');

  const submit = () => {
    if (!staffId || !timeZone) return;
    subscribe.mutate(
      { staffId, frequency, timeZone },
      {
        onSuccess: (s) => {
          showSuccessNotice(`${s.staffName || s.staffEmail} will receive the ${s.frequency} report.`);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title="Subscribe to a report"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Subscribe"
      submitDisabled={!staffId || !timeZone}
      busy={subscribe.isPending}
    >
      <Select
        label="Staff member"
        placeholder="Choose a staff member"
        searchable
        data={members.map((m) => ({ value: m._id, label: `${m.name} ${m.surname} (${m.email})`.trim() }))}
        value={staffId}
        onChange={setStaffId}
        error={errors.staffId}
        data-autofocus
      />
      <Select
        label="Report"
        data={REPORT_FREQUENCIES.map((f) => ({ value: f, label: REPORT_FREQUENCY_LABELS[f] }))}
        value={frequency}
        onChange={(v) => v && setFrequency(v as ReportFrequency)}
        allowDeselect={false}
        error={errors.frequency}
      />
      <Select
        label="Time zone"
        description="Periods start and end at midnight in this zone."
        searchable
        data={timeZoneChoices()}
        value={timeZone}
        onChange={setTimeZone}
        error={errors.timeZone ?? errors.server}
      />
    </FormModal>
  );
}
