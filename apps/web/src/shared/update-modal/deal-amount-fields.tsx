import { Checkbox, Group, NumberInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { UpdateValues } from './update-values.ts';

export type DealAmountConfig = {
  /** The request's amount, the starting value of the input. */
  initial: number;
  currency: string;
  /** The server's field name for the amount, so its error shows under the input. */
  errorKey: string;
};

type Props = {
  control: Control<UpdateValues>;
  config: DealAmountConfig;
  disabled: boolean;
  serverError: string | undefined;
};

/**
 * 'Modify deal amount' and the amount it enables (docs/product.md [rule.update-modal]: a number, any step,
 * editable only when ticked).
 */
export function DealAmountFields({ control, config, disabled, serverError }: Props) {
  const modify = useWatch({ control, name: 'modifyDealAmount' });
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Controller
        control={control}
        name="modifyDealAmount"
        render={({ field }) => (
          <Checkbox
            mt={32}
            label="Modify deal amount"
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            disabled={disabled}
          />
        )}
      />
      <Controller
        control={control}
        name="dealAmount"
        render={({ field, fieldState }) => (
          <NumberInput
            flex={1}
            label="Deal amount"
            rightSection={config.currency}
            rightSectionWidth={48}
            // Not whole units only (docs/product.md [rule.update-modal]): the amount that really arrived, to
            // the cent.
            step={0.01}
            // Written as the tables write amounts (2650.00), so the two read alike.
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled || !modify}
            error={fieldState.error?.message ?? serverError}
          />
        )}
      />
    </Group>
  );
}
