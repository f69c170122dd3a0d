import { Group, Input, Select } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { BIRTH_DAYS, BIRTH_MONTHS, birthYears } from './birth-date.ts';

type BirthForm = { birthDay?: number | null; birthMonth?: number | null; birthYear?: number | null };
const PARTS = [
  { name: 'birthDay', label: 'Day', width: 90 },
  { name: 'birthMonth', label: 'Month', width: 150 },
  { name: 'birthYear', label: 'Year', width: 110 },
] as const;

type Props = { required?: boolean; error?: string };

/**
 * Birth day, month and year picked from lists (docs/product.md [rules]), inside a react-hook-form
 * FormProvider.
 */
export function BirthDateFields({ required, error }: Props) {
  const { control } = useFormContext<BirthForm>();
  const options = useMemo(
    () => ({
      birthDay: BIRTH_DAYS.map(String),
      birthMonth: BIRTH_MONTHS,
      birthYear: birthYears().map(String),
    }),
    [],
  );

  return (
    <Input.Wrapper label="Birth date" withAsterisk={required} error={error}>
      <Group gap="xs" mt={4} wrap="nowrap">
        {PARTS.map((part) => (
          <Controller
            key={part.name}
            control={control}
            name={part.name}
            render={({ field }) => (
              <Select
                aria-label={`Birth ${part.label.toLowerCase()}`}
                placeholder={part.label}
                w={part.width}
                data={options[part.name]}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                onBlur={field.onBlur}
                searchable
                error={Boolean(error)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
