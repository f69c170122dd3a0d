import { MAX_SLOTS_PER_ADD, type IbCounters } from '@brokerdesk/contract';
import { Alert, NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { FormModal } from '../../../shared/form-modal.tsx';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { useAddSlots } from './ib-codes-queries.ts';
import { codesLeftText, subcodesLeftText } from './ib-counters.ts';

type Props = { counters: IbCounters | undefined; onClose: () => void };

const count = (value: number | string) => (typeof value === 'number' ? value : 0);

/**
 * 'Add slots' (SYSOP): raises the introducer code and subcode quotas that "Please add more codes"
 * (docs/product.md [messages]) asks for. Each number is added to both the available and the total counter.
 */
export function AddSlotsModal({ counters, onClose }: Props) {
  const [ibCodes, setIbCodes] = useState<number | string>(0);
  const [subcodes, setSubcodes] = useState<number | string>(0);
  const add = useAddSlots();
  const errors = add.error ? errorsOf(add.error) : {};
  const nothing = count(ibCodes) <= 0 && count(subcodes) <= 0;

  const submit = () => {
    if (nothing) return;
    add.mutate({ ibCodes: count(ibCodes), subcodes: count(subcodes) }, { onSuccess: onClose });
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
      <SlotsInput
        label="Introducer codes to add"
        description="Each new introducer, and each approved IB request, uses one."
        max={MAX_SLOTS_PER_ADD.ibCodes}
        value={ibCodes}
        onChange={setIbCodes}
        error={errors.ibCodes}
        data-autofocus
      />
      <SlotsInput
        label="Subcodes to add"
        description="Each generated link uses one."
        max={MAX_SLOTS_PER_ADD.subcodes}
        value={subcodes}
        onChange={setSubcodes}
        error={errors.subcodes}
      />
      {(errors.server || errors.auth) && (
        <Alert color="red" variant="light">
          {errors.server ?? errors.auth}
        </Alert>
      )}
    </FormModal>
  );
}

/** How many slots of one kind to add: a whole number from 0 up to what one addition may add. */
function SlotsInput(props: NumberInputProps & { max: number }) {
  return <NumberInput min={0} allowDecimal={false} allowNegative={false} {...props} />;
}
