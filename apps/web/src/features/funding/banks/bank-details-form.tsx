import {
  updateBankAccountRequest,
  type BankDetailsResponse,
  type UpdateBankAccountRequest,
} from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorsOf } from '../../../shared/api.ts';
import { DetailItem } from '../../../shared/detail-grid.tsx';
import { ErrorAlert } from '../../../shared/error-alert.tsx';
import { fullName } from '../../../shared/formatters.ts';
import { BankFormFields } from './bank-form-fields.tsx';
import {
  BANK_FIELD_KEYS,
  STATEMENT_ACCEPT,
  UPLOAD_ERROR_KEYS,
  bankFormDefaults,
  statementProblem,
} from './bank-form-values.ts';
import { StatementLink } from './bank-fields-view.tsx';
import { BANK_STATUS_OPTIONS } from './bank-labels.ts';
import { useSaveBankAccount } from './bank-queries.ts';
import { EpochTime } from '../../../shared/time-zone/index.ts';
import { onSubmit } from '../../../shared/on-submit.ts';
import { BULK_COPY } from '../../../shared/bulk/bulk-copy.ts';
import { confirmAction } from '../../../shared/confirm-modal.tsx';
import { fieldProps } from '../../../shared/field-props.ts';
import { FormSelect } from '../../../shared/form-select.tsx';

type Output = z.output<typeof updateBankAccountRequest>;
type Props = { details: BankDetailsResponse; onDone: () => void; onCancel: () => void };

/**
 * The Bank modal's form (docs/product.md [rule.bank-modal]), validated by the contract's
 * updateBankAccountRequest: required bank name, address and country; the UK or IBAN layout by country; a
 * rejection needs a reason. A new statement ('Upload new document') is uploaded first and sent as bankPOA.
 */
export function BankDetailsForm({ details, onDone, onCancel }: Props) {
  const { bankAccount: bank, user } = details;
  const form = useForm<UpdateBankAccountRequest, unknown, Output>({
    resolver: zodResolver(updateBankAccountRequest),
    defaultValues: bankFormDefaults(bank),
  });
  const [upload, setUpload] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const save = useSaveBankAccount();
  const serverErrors = save.error ? errorsOf(save.error) : {};
  const field = fieldProps(form, serverErrors);
  const errors = form.formState.errors;
  const uploadError = fileError ?? UPLOAD_ERROR_KEYS.map((k) => serverErrors[k]).find(Boolean);

  const submit = form.handleSubmit(
    (body) => {
      const problem = statementProblem(upload, file);
      setFileError(problem);
      if (problem) return;
      save.mutate({ body, userId: bank.userId, statement: upload ? file : null }, { onSuccess: onDone });
    },
    // The statement is checked along with the fields, so every problem shows at once.
    () => setFileError(statementProblem(upload, file)),
  );

  // A pending account is decided in one click, with the status change's own rules: approving asks
  // first, declining needs a reason in Comment. Changed fields are saved with the decision.
  const pending = bank.status === 'pending';
  const decide = async (status: 'approved' | 'rejected') => {
    const sure =
      status === 'rejected' ||
      (await confirmAction({ message: BULK_COPY.bankAccount.single, confirmLabel: 'Approve' }));
    if (!sure) return;
    form.setValue('status', status);
    form.clearErrors('comment');
    await submit();
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit(submit)}>
        <Stack gap="md">
          {/* Each value as wide as it reads: a long email takes the room it needs instead of breaking. */}
          <Group gap="xl" align="flex-start">
            <DetailItem label="Client">
              {user ? fullName(user.name, user.surname) : 'Unknown client'}
            </DetailItem>
            <DetailItem label="Email">{user?.email}</DetailItem>
            <DetailItem label="Added">
              <EpochTime seconds={bank.timestamp} />
            </DetailItem>
          </Group>
          <BankFormFields serverErrors={serverErrors} />
          <Group gap="xl" align="flex-start">
            <DetailItem label="Statement">
              <StatementLink url={bank.bankPOAUrl} />
            </DetailItem>
            <Stack gap={6} flex={1}>
              <Checkbox
                label="Upload new document"
                checked={upload}
                onChange={(event) => {
                  setUpload(event.currentTarget.checked);
                  setFileError(undefined);
                }}
              />
              {upload && (
                <FileInput
                  aria-label="New statement"
                  placeholder="PDF, PNG or JPEG, up to 10 MB"
                  accept={STATEMENT_ACCEPT}
                  leftSection={<IconUpload size={16} />}
                  value={file}
                  onChange={(next) => {
                    setFile(next);
                    setFileError(undefined);
                  }}
                  clearable
                  error={uploadError}
                />
              )}
            </Stack>
          </Group>
          <Stack gap="sm">
            <FormSelect
              control={form.control}
              name="status"
              label="Status"
              withAsterisk
              maw={260}
              data={BANK_STATUS_OPTIONS}
              onPick={() => form.clearErrors('comment')}
              error={errors.status?.message ?? serverErrors.status}
            />
            <Textarea
              label="Comment"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={2000}
              {...field('comment')}
            />
          </Stack>
          <ErrorAlert
            errors={serverErrors}
            fieldKeys={[...BANK_FIELD_KEYS, ...(upload ? UPLOAD_ERROR_KEYS : [])]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            {pending && (
              <>
                <Button
                  variant="light"
                  color="red"
                  disabled={save.isPending}
                  onClick={() => void decide('rejected')}
                >
                  Decline
                </Button>
                <Button color="green" disabled={save.isPending} onClick={() => void decide('approved')}>
                  Approve
                </Button>
              </>
            )}
            <Button type="submit" variant={pending ? 'default' : 'filled'} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
