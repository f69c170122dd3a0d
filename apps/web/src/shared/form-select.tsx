import { Select, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<F extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'allowDeselect'> & {
  control: Control<F>;
  name: FieldPath<F>;
  /** Besides setting the field: what else a choice changes (errors it clears, say). */
  onPick?: (value: string) => void;
};

/**
 * A required choice of a form (a status, a role, a currency): once chosen it cannot be cleared, and its
 * list opens above modals.
 */
export function FormSelect<F extends FieldValues>({ control, name, onPick, ...select }: Props<F>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(value) => {
            if (value === null) return;
            field.onChange(value);
            onPick?.(value);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
