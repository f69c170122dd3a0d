import { TITLES, type EditUserRequest } from '@brokerdesk/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import type { FieldErrors } from '../../../shared/api.ts';
import { fieldErrorOf, fieldProps } from '../../../shared/field-props.ts';
import { COUNTRY_OPTIONS } from '../../../shared/country-options.ts';

/** The fields Add User and Edit User share, with the same names in both requests. */
export type ClientDetailsForm = Pick<
  EditUserRequest,
  | 'title'
  | 'name'
  | 'surname'
  | 'mobilePhone'
  | 'addressNo'
  | 'address'
  | 'city'
  | 'postcode'
  | 'county'
  | 'country'
  | 'nationality'
>;
type Field = FieldPath<ClientDetailsForm>;

// Staff type other people's details: the browser's autofill of their own would only get in the way.
const TEXT_FIELDS: { name: Field; label: string }[] = [
  { name: 'name', label: 'First name' },
  { name: 'surname', label: 'Last name' },
  { name: 'mobilePhone', label: 'Mobile phone' },
  { name: 'addressNo', label: 'Street number' },
  { name: 'address', label: 'Street address' },
  { name: 'city', label: 'City' },
  { name: 'postcode', label: 'Postcode' },
  { name: 'county', label: 'County' },
];

type Props = {
  /** Server errors by field key (docs/product.md [rules]); each shows under its field. */
  serverErrors: FieldErrors;
  /** Fields marked as required. */
  required: readonly Field[];
};

/** The server's error keys of these fields, shown under them by both forms. */
export const DETAIL_FIELD_KEYS = [
  'title',
  'name',
  'surname',
  'mobilePhone',
  'addressNo',
  'address',
  'city',
  'postcode',
  'county',
  'country',
  'nationality',
] as const;

/** The details both forms require (Add User the address number too). */
export const REQUIRED_DETAILS = [
  'name',
  'surname',
  'mobilePhone',
  'address',
  'city',
  'postcode',
  'country',
  'nationality',
] as const;

/** Title, names, phone, address, country and nationality, inside a react-hook-form FormProvider. */
export function ClientDetailsFields({ serverErrors, required }: Props) {
  const form = useFormContext<ClientDetailsForm>();
  const control = form.control;
  const errorOf = fieldErrorOf(form, serverErrors);
  const field = fieldProps(form, serverErrors);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <Controller
        control={control}
        name="title"
        render={({ field }) => (
          <Select
            label="Title"
            placeholder="None"
            data={[...TITLES]}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? null)}
            clearable
            error={errorOf('title')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {TEXT_FIELDS.map((f) => (
        <TextInput
          key={f.name}
          label={f.label}
          withAsterisk={required.includes(f.name)}
          autoComplete="off"
          {...field(f.name)}
        />
      ))}
      {(['country', 'nationality'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              label={name === 'country' ? 'Country of residence' : 'Nationality'}
              placeholder="Choose a country"
              withAsterisk={required.includes(name)}
              data={COUNTRY_OPTIONS}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              searchable
              error={errorOf(name)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      ))}
    </SimpleGrid>
  );
}
