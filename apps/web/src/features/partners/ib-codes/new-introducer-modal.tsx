import type { IbCounters } from '@brokerdesk/contract';
import { Alert, NumberInput, TextInput } from '@mantine/core';
import { FormModal } from '../../../shared/form-modal.tsx';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { useAddIntroducer } from './ib-codes-queries.ts';
import { codesLeftText } from './ib-counters.ts';
import {
  INTRODUCER_DEFAULTS,
  checkIntroducer,
  hasBlank,
  type IntroducerValues,
} from './new-introducer-values.ts';

type Props = { counters: IbCounters | undefined; onClose: () => void };

/**
 * 'New Introducer' (docs/product.md [screen.ib-codes], [rule.add-introducer]): name, agent code (a number)
 * and status code, all required. Add stays off while any is blank, so blanks block it without a message.
 */
export function NewIntroducerModal({ counters, onClose }: Props) {
  const [values, setValues] = useState<IntroducerValues>(INTRODUCER_DEFAULTS);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const add = useAddIntroducer();
  const serverErrors = add.error ? errorsOf(add.error) : {};
  const errorOf = (key: string) => localErrors[key] ?? serverErrors[key];
  const set = (patch: Partial<IntroducerValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setLocalErrors({});
  };

  const submit = () => {
    const check = checkIntroducer(values);
    if (check.kind === 'blank') return;
    if (check.kind === 'invalid') return setLocalErrors(check.errors);
    add.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal
      title="New Introducer"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add Introducer"
      submitDisabled={hasBlank(values)}
      busy={add.isPending}
    >
      {counters && counters.availableIbCodes <= 0 && (
        <Alert color="yellow" variant="light">
          {codesLeftText(counters)}. Adding an introducer needs a free code.
        </Alert>
      )}
      <TextInput
        label="Name"
        withAsterisk
        data-autofocus
        value={values.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errorOf('name')}
      />
      <NumberInput
        label="Agent code"
        withAsterisk
        description="The number in the introducer's link; it cannot be changed later."
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={values.agentCode}
        onChange={(value) => set({ agentCode: value === '' ? '' : Number(value) })}
        error={errorOf('agentCode')}
      />
      <TextInput
        label="Status code"
        withAsterisk
        description="The account status code of the introducer's clients, e.g. STANDARD."
        value={values.statusCode}
        onChange={(e) => set({ statusCode: e.currentTarget.value })}
        error={errorOf('statusCode')}
      />
    </FormModal>
  );
}
