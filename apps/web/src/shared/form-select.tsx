import { Select, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<F extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'allowDeselect'> & {
  control: Control<F>;
  name: FieldPath<F>;
  /** Besides setting the field: what else a choice changes (errors it clears, say). */
  onPick?: (value: string) => void;
  /**
   * For a choice that may be taken back (a title, a country): what the field holds once cleared, null or
   * ''. Without it the choice is required and cannot be cleared.
   */
  cleared?: null | '';
};

/**
 * A choice of a form (a status, a role, a currency, a country), its list opening above modals. A required
 * one cannot be cleared once chosen.
 */
export function FormSelect<F extends FieldValues>({ control, name, onPick, cleared, ...select }: Props<F>) {
  const optional = cleared !== undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          value={(field.value as string | null | undefined) || null}
          onChange={(value) => {
            if (value === null) {
              if (optional) field.onChange(cleared);
              return;
            }
            field.onChange(value);
            onPick?.(value);
          }}
          onBlur={field.onBlur}
          allowDeselect={optional}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
