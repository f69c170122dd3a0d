import { TITLES, type EditUserRequest } from '@brokerdesk/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { FieldErrors } from '../../../shared/api.ts';
import { fieldErrorOf, fieldProps } from '../../../shared/field-props.ts';
import { COUNTRY_OPTIONS } from '../../../shared/country-options.ts';
import { FormSelect } from '../../../shared/form-select.tsx';

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
      <FormSelect
        control={control}
        name="title"
        label="Title"
        placeholder="None"
        data={[...TITLES]}
        cleared={null}
        clearable
        error={errorOf('title')}
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
        <FormSelect
          key={name}
          control={control}
          name={name}
          label={name === 'country' ? 'Country of residence' : 'Nationality'}
          placeholder="Choose a country"
          withAsterisk={required.includes(name)}
          data={COUNTRY_OPTIONS}
          cleared=""
          searchable
          error={errorOf(name)}
        />
      ))}
    </SimpleGrid>
  );
}
