import { MAX_SLOTS_PER_ADD, type IbCounters } from '@brokerdesk/contract';
import { Alert, NumberInput, Text } from '@mantine/core';
import { FormModal } from '../../../shared/form-modal.tsx';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { useAddSlots } from './ib-codes-queries.ts';
import { codesLeftText, subcodesLeftText } from './ib-counters.ts';

type Props = { counters: IbCounters | undefined; onClose: () => void };

type SlotKind = keyof typeof MAX_SLOTS_PER_ADD;
const SLOT_KINDS: { kind: SlotKind; label: string; description: string }[] = [
  {
    kind: 'ibCodes',
    label: 'Introducer codes to add',
    description: 'Each new introducer, and each approved IB request, uses one.',
  },
  { kind: 'subcodes', label: 'Subcodes to add', description: 'Each generated link uses one.' },
];

const count = (value: number | string) => (typeof value === 'number' ? value : 0);

/**
 * 'Add slots' (SYSOP): raises the introducer code and subcode quotas that "Please add more codes"
 * (docs/product.md [messages]) asks for. Each number is added to both the available and the total counter.
 */
export function AddSlotsModal({ counters, onClose }: Props) {
  const [amounts, setAmounts] = useState<Record<SlotKind, number | string>>({ ibCodes: 0, subcodes: 0 });
  const add = useAddSlots();
  const errors = add.error ? errorsOf(add.error) : {};
  const ibCodes = count(amounts.ibCodes);
  const subcodes = count(amounts.subcodes);
  const nothing = ibCodes <= 0 && subcodes <= 0;

  const submit = () => {
    if (nothing) return;
    add.mutate({ ibCodes, subcodes }, { onSuccess: onClose });
  };

  return (
    <FormModal
      title="Add slots"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add slots"
      submitDisabled={nothing}
      busy={add.isPending}
    >
      {counters && (
        <Text size="sm" c="dimmed">
          Now: {codesLeftText(counters)} · {subcodesLeftText(counters)}
        </Text>
      )}
      {SLOT_KINDS.map(({ kind, label, description }, i) => (
        <NumberInput
          key={kind}
          label={label}
          description={description}
          data-autofocus={i === 0 || undefined}
          min={0}
          max={MAX_SLOTS_PER_ADD[kind]}
          allowDecimal={false}
          allowNegative={false}
          value={amounts[kind]}
          onChange={(value) => setAmounts((current) => ({ ...current, [kind]: value }))}
          error={errors[kind]}
        />
      ))}
      {(errors.server || errors.auth) && (
        <Alert color="red" variant="light">
          {errors.server ?? errors.auth}
        </Alert>
      )}
    </FormModal>
  );
}
