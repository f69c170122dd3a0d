import { CODE_BATCH_SIZES, type IbCode, type IbCounters } from '@brokerdesk/contract';
import { Select, Text } from '@mantine/core';
import { FormModal } from '../../../shared/form-modal.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorsOf } from '../../../shared/api.ts';
import { useGenerateCodes, useIntroducerSearch } from './ib-codes-queries.ts';
import { subcodesLeftText } from './ib-counters.ts';

type Props = {
  counters: IbCounters | undefined;
  onGenerated: (agentCode: number) => void;
  onClose: () => void;
};

/**
 * 'Generate Codes' (docs/product.md [screen.ib-codes], [rules]): an introducer must be chosen; the batch is
 * one of 1, 2, 3, 10, 25, 50, 100. Batches larger than the subcodes left are offered but greyed out.
 */
export function GenerateCodesModal({ counters, onGenerated, onClose }: Props) {
  const [agentCode, setAgentCode] = useState<string | null>(null);
  // The introducers are looked up on the server as the staff member types (the list is paged there).
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<IbCode | null>(null);
  const found = useIntroducerSearch(chosen && search === label(chosen) ? '' : debounced);
  const options = [...(chosen ? [chosen] : []), ...(found.data ?? []).filter((ib) => ib._id !== chosen?._id)];
  const [count, setCount] = useState<string>(String(CODE_BATCH_SIZES[0]));
  const generate = useGenerateCodes();
  const serverErrors = generate.error ? errorsOf(generate.error) : {};
  const left = counters?.availableSubcodes;

  const submit = () => {
    if (!agentCode) return;
    const code = Number(agentCode);
    generate.mutate(
      { agentCode: code, numOfCodes: Number(count) },
      {
        onSuccess: () => {
          onGenerated(code);
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title="Generate Codes"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Generate"
      submitDisabled={!agentCode}
      busy={generate.isPending}
    >
      <Select
        label="Introducer"
        withAsterisk
        placeholder="Search by name or agent code"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={found.isFetching ? 'Searching…' : 'No introducer found'}
        data={options.map((ib) => ({ value: String(ib.agentCode), label: label(ib) }))}
        value={agentCode}
        onChange={(value) => {
          setAgentCode(value);
          setChosen(options.find((ib) => String(ib.agentCode) === value) ?? null);
        }}
        error={serverErrors.agentCode}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Select
        label="Number of codes"
        withAsterisk
        data={CODE_BATCH_SIZES.map((n) => ({
          value: String(n),
          label: String(n),
          disabled: left !== undefined && n > left,
        }))}
        value={count}
        onChange={(value) => value && setCount(value)}
        allowDeselect={false}
        error={serverErrors.numOfCodes}
        comboboxProps={{ withinPortal: true }}
      />
      {counters && (
        <Text size="xs" c="dimmed">
          {subcodesLeftText(counters)}
        </Text>
      )}
    </FormModal>
  );
}

const label = (ib: IbCode) => `${ib.name} (${ib.agentCode})`;
