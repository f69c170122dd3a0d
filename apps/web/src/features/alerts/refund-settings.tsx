import {
  calls,
  DEPOSIT_METHOD_LABELS,
  type RefundableMethod,
  type SetRefundableMethodRequest,
} from '@brokerdesk/contract';
import { Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorsOf } from '../../shared/api.ts';
import { isRefetch } from '../../shared/background-fetch.ts';
import { entityKeys } from '../../shared/query-keys.ts';
import { ErrorAlert } from '../../shared/error-alert.tsx';
import { showErrorNotice, showSuccessNotice } from '../../shared/notify.ts';

const refundKeys = entityKeys('refundable-methods');

function useRefundableMethods() {
  return useQuery({
    queryKey: refundKeys.lists(),
    queryFn: (ctx) =>
      call(calls.evidence.listRefundableMethods, {}, { signal: ctx.signal, background: isRefetch(ctx) }),
    select: (reply) => reply.methods,
  });
}

function useSetRefundableMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetRefundableMethodRequest) => call(calls.evidence.setRefundableMethod, { body }),
    meta: { errorNotice: false },
    onSuccess: (reply) => showSuccessNotice(reply.message),
    onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  });
}

function MethodRow({ m, editable }: { m: RefundableMethod; editable: boolean }) {
  const save = useSetRefundableMethod();
  return (
    <Table.Tr>
      <Table.Td>{DEPOSIT_METHOD_LABELS[m.method]}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${DEPOSIT_METHOD_LABELS[m.method]} takes refunds`}
          checked={m.refundable}
          label={m.refundable ? 'Refunded first' : 'Not refunded'}
          disabled={!editable || save.isPending}
          onChange={(e) => save.mutate({ method: m.method, refundable: e.currentTarget.checked })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The refund setting per deposit method (docs/product.md [evidence.refundable]): money that came in by a
 * refundable method goes back the same way first; the withdrawal rules read it too. A SYSOP sets it.
 */
export function RefundSettings({ editable }: { editable: boolean }) {
  const methods = useRefundableMethods();
  return (
    <Stack gap="xs">
      <Title order={3}>Refunds</Title>
      <Text size="sm" c="dimmed">
        Return to source sends a withdrawal back first to the client’s deposits made by these methods, oldest
        first; the rest goes to a verified bank account in the client’s name.
      </Text>
      {methods.isPending && <Loader size="sm" aria-label="Loading" />}
      {methods.error && <ErrorAlert errors={errorsOf(methods.error)} />}
      {methods.data && (
        <Table aria-label="Refund settings" verticalSpacing="xs" maw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Deposit method</Table.Th>
              <Table.Th>Refund</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.data.map((m) => (
              <MethodRow key={m.method} m={m} editable={editable} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
