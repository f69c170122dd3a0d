import { CURRENCIES, type ApprovalRequestType, type Threshold } from '@brokerdesk/contract';
import { Button, NumberInput, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { formatEpoch } from '../../shared/formatters.ts';
import { SectionCard } from '../../shared/section-card.tsx';
import { adminLabel } from '../accounts/admin-label.ts';
import { changesOf, inputsOf, REQUEST_TYPE_LABELS, type ThresholdInputs } from './threshold-values.ts';
import { useSaveThresholds } from './thresholds-queries.ts';

type Props = {
  type: ApprovalRequestType;
  thresholds: readonly Threshold[];
  admins: Readonly<Record<string, string>> | undefined;
  /** A SYSOP edits; anyone else reads. */
  editable: boolean;
};

/** One request type's thresholds, one per currency: above it a request needs two approvals. */
export function ThresholdCard({ type, thresholds, admins, editable }: Props) {
  const saved = inputsOf(thresholds, type);
  const [edited, setEdited] = useState<ThresholdInputs>(saved);
  const save = useSaveThresholds();
  const changes = changesOf(type, saved, edited);
  const label = REQUEST_TYPE_LABELS[type];

  return (
    <SectionCard
      title={label}
      action={
        editable && (
          <Button
            size="xs"
            disabled={changes.length === 0}
            loading={save.isPending}
            onClick={() => save.mutate(changes)}
            aria-label={`Save ${label.toLowerCase()} thresholds`}
          >
            Save
          </Button>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {CURRENCIES.map((currency) => {
          const current = thresholds.find((t) => t.requestType === type && t.currency === currency);
          return (
            <NumberInput
              key={currency}
              label={`${label} above (${currency})`}
              placeholder="No second approval"
              rightSection={currency}
              rightSectionWidth={48}
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=" "
              value={edited[currency]}
              onChange={(value) =>
                setEdited((prev) => ({ ...prev, [currency]: typeof value === 'number' ? value : '' }))
              }
              disabled={!editable}
              description={
                current
                  ? current.updatedBy
                    ? `Set by ${adminLabel(current.updatedBy, admins) || '…'}, ${formatEpoch(current.updatedAt)}`
                    : 'Default of a new console.'
                  : 'Every approval takes effect at once.'
              }
            />
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}
