import { CURRENCIES, UK_BANK_COUNTRY, type UpdateBankAccountRequest } from '@brokerdesk/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FieldErrors } from '../../../shared/api.ts';
import { fieldErrorOf, fieldProps } from '../../../shared/field-props.ts';
import { COUNTRY_OPTIONS } from '../../../shared/country-options.ts';
import { FormSelect } from '../../../shared/form-select.tsx';

/**
 * Bank name, address, country and currency, then the country's layout (docs/product.md [rule.bank-modal]): a
 * UK bank has an account number and sort code, any other an IBAN and SWIFT.
 */
export function BankFormFields({ serverErrors }: { serverErrors: FieldErrors }) {
  const form = useFormContext<UpdateBankAccountRequest>();
  const control = form.control;
  const country = useWatch({ control, name: 'bankCountry' });
  const uk = country === UK_BANK_COUNTRY;
  const err = fieldErrorOf(form, serverErrors);
  const field = fieldProps(form, serverErrors);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Bank name" withAsterisk {...field('bankName')} />
        <TextInput label="Bank address" withAsterisk {...field('bankAddress')} />
        <FormSelect
          control={control}
          name="bankCountry"
          label="Country"
          withAsterisk
          searchable
          data={COUNTRY_OPTIONS}
          cleared=""
          nothingFoundMessage="No such country"
          error={err('bankCountry')}
        />
        <FormSelect
          control={control}
          name="bankAccountCurrency"
          label="Account currency"
          withAsterisk
          data={CURRENCIES}
          error={err('bankAccountCurrency')}
        />
      </SimpleGrid>
      {uk ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" key="uk">
          <TextInput
            label="Account number"
            withAsterisk
            inputMode="numeric"
            {...field('bankAccountNumber')}
          />
          <TextInput label="Sort code" withAsterisk placeholder="12-34-56" {...field('bankSortCode')} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" key="iban">
          <TextInput label="IBAN" withAsterisk {...field('bankIBAN')} />
          <TextInput label="SWIFT" withAsterisk {...field('bankSwift')} />
        </SimpleGrid>
      )}
    </>
  );
}
