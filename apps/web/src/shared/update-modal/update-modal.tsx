import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { errorsOf } from '../api.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { showErrorNotice } from '../notify.ts';
import { DealAmountFields, type DealAmountConfig } from './deal-amount-fields.tsx';
import {
  validateUpdate,
  type RejectKind,
  type UpdateStatusOption,
  type UpdateValues,
  type ValidUpdate,
} from './update-values.ts';
import { onSubmit } from '../on-submit.ts';
import { FormSelect } from '../form-select.tsx';

export type UpdateModalProps<S extends string> = {
  title: string;
  /** Names the request in the rejection alert: 'You cannot reject {kind} without a reason'. */
  kind: RejectKind;
  /**
   * 'notice': the rejection alert pops up as an error notice (withdrawals,
   * docs/product.md [rule.reject-reason]); else under the comment.
   */
  rejectAlert?: 'field' | 'notice';
  options: readonly UpdateStatusOption<S>[];
  /** The status to start with; 'rejected' for the list's Reject button. */
  initialStatus: string | null;
  initialComment?: string;
  /**
   * The status cannot be changed (leverage and sub-account lists other than pending,
   * docs/product.md [states]).
   */
  statusLocked?: boolean;
  /** Nothing can be changed, and why (a closed request, an admin-made sub-account); shows the status as is. */
  readOnlyReason?: string;
  /** 'Modify deal amount' and its number input, for deposits and withdrawals. */
  dealAmount?: DealAmountConfig;
  /** What the request is, shown above the form. */
  details?: ReactNode;
  /** Extra fields of one screen (Don't email the client, …), between the form and its buttons. */
  children?: ReactNode;
  /** Fields of `children` that show their own server errors (kept out of the red box below the form). */
  childFieldKeys?: readonly string[];
  /** At the left of the buttons: what the modal offers beside the decision (its evidence pack). */
  footerStart?: ReactNode;
  /** Shown in green once saved, for a modal that stays open a moment (leverage, docs/product.md [states]). */
  doneMessage?: string;
  busy: boolean;
  /**
   * The last failed save: field errors under their fields, the rest in red below the form
   * (docs/product.md [messages]).
   */
  error: unknown;
  onSubmit: (values: ValidUpdate<S>) => void;
  onClose: () => void;
};

const COMMON_FIELDS = ['status', 'comment'] as const;

/**
 * The one update modal of deposits, withdrawals, transfers, leverage changes and sub-accounts
 * (docs/product.md [rule.update-modal]): a required status, a comment, optionally a modified deal amount and
 * a screen's own fields. A rejection without a reason never leaves the browser.
 */
export function UpdateModal<S extends string>(props: UpdateModalProps<S>) {
  const { options, dealAmount, readOnlyReason, doneMessage, busy } = props;
  const form = useForm<UpdateValues>({
    defaultValues: {
      status: props.initialStatus,
      comment: props.initialComment ?? '',
      modifyDealAmount: false,
      dealAmount: dealAmount?.initial ?? '',
    },
  });
  const errors = form.formState.errors;
  const serverErrors = props.error ? errorsOf(props.error) : {};
  const amountKey = dealAmount?.errorKey;
  const locked = Boolean(readOnlyReason) || Boolean(doneMessage);
  const chosen = options.find((o) => o.value === form.watch('status'));
  // Read-only: the request's own status word, not a choice label ('approved', not 'Set as approved').
  const selectData =
    readOnlyReason && props.initialStatus
      ? [{ value: props.initialStatus, label: props.initialStatus }]
      : options.map(({ value, label }) => ({ value, label }));

  const submit = form.handleSubmit((values) => {
    const result = validateUpdate(values, props.kind);
    // The select offers these options only; finding it again gives the status its exact type.
    const option = result.ok ? options.find((o) => o.value === result.values.status) : undefined;
    if (result.ok && option) {
      props.onSubmit({ ...result.values, status: option.value });
      return;
    }
    if (result.ok) return;
    const { status, comment, dealAmount: amount } = result.problems;
    if (status) form.setError('status', { message: status });
    if (amount) form.setError('dealAmount', { message: amount });
    if (comment && props.rejectAlert === 'notice') {
      // The field still turns red so the eye finds it; the words come as the notice.
      form.setError('comment', { message: '' });
      showErrorNotice(comment);
    } else if (comment) {
      form.setError('comment', { message: comment });
    }
  });

  return (
    <Modal opened onClose={props.onClose} title={props.title} size="lg" centered>
      <Stack gap="md">
        {props.details}
        <form noValidate onSubmit={onSubmit(submit)}>
          <Stack gap="sm">
            <FormSelect
              control={form.control}
              name="status"
              label="Status"
              withAsterisk
              placeholder="Choose a status"
              data={selectData}
              onPick={() => form.clearErrors(['status', 'comment'])}
              disabled={props.statusLocked || locked}
              description={locked ? undefined : chosen?.description}
              error={errors.status?.message ?? serverErrors.status}
            />
            <Textarea
              label="Comment"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={2000}
              disabled={locked}
              // Reject opens with the status set: the reason is what is left to type.
              data-autofocus={props.initialStatus === 'rejected' ? true : undefined}
              {...form.register('comment', { onChange: () => form.clearErrors('comment') })}
              error={errors.comment ? errors.comment.message || true : (serverErrors.comment ?? undefined)}
            />
            {dealAmount && (
              <DealAmountFields
                control={form.control}
                config={dealAmount}
                disabled={locked}
                serverError={amountKey ? serverErrors[amountKey] : undefined}
              />
            )}
            {props.children}
            {readOnlyReason && (
              <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
                {readOnlyReason}
              </Alert>
            )}
            {doneMessage && (
              <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
                {doneMessage}
              </Alert>
            )}
            <ErrorAlert
              errors={serverErrors}
              fieldKeys={[
                ...COMMON_FIELDS,
                ...(amountKey ? [amountKey] : []),
                ...(props.childFieldKeys ?? []),
              ]}
            />
            <Group justify="flex-end" mt="xs">
              {props.footerStart && <div style={{ marginRight: 'auto' }}>{props.footerStart}</div>}
              <Button variant="default" onClick={props.onClose}>
                {locked ? 'Close' : 'Cancel'}
              </Button>
              {!locked && (
                <Button type="submit" loading={busy}>
                  Update
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
