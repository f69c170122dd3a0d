import type { AlertChoice, FundingType } from '@brokerdesk/contract';
import type { ReactNode } from 'react';
import { UpdateModal, type DealAmountConfig, type ValidUpdate } from '../../../shared/update-modal/index.ts';
import { useFourEyes } from '../../approvals/use-four-eyes.tsx';
import { EvidencePackButton } from '../../audit/evidence-pack-button.tsx';
import { MoneyPictureSummary } from '../../evidence/money-picture-summary.tsx';
import { useAlertGate } from './alert-gate.tsx';
import type { FundingActionReply } from './funding-api.ts';
import { useRequestUpdate, type RequestModalProps } from './funding-mutations.ts';
import { modalStatus, type Choices } from './request-choices.ts';
import { clientLabel, RequestSummary, type SummaryItem } from './request-summary.tsx';

/** What every decision sends: which request, the chosen status, the comment and what the alert gate adds. */
type Decision<S extends string> = { _id: string; status: S; comment: string } & AlertChoice;

type Props<S extends string, E extends object> = RequestModalProps<{
  _id: string;
  userId: string;
  status: string;
  comment?: string;
}> & {
  type: FundingType;
  choices: Choices<S>;
  call: (body: Decision<S> & E) => Promise<FundingActionReply>;
  /** What the request is, read-only above the form, after its client. */
  summary: readonly SummaryItem[];
  /** What the kind's call takes beyond the common decision (a modified amount, …). */
  extraBody: (values: ValidUpdate<S>) => E;
  dealAmount?: DealAmountConfig;
  rejectAlert?: 'field' | 'notice';
  /** A kind's own fields below the alert note; `canChoose` is false when four-eyes leaves no choice. */
  extraFields?: (canChoose: boolean) => ReactNode;
};

/**
 * The update modal of a deposit, withdrawal or transfer (docs/product.md [rule.update-modal],
 * [alerts.on-approval], [evidence-pack]): one frame so the three decide alike: the choices under
 * four-eyes and the alert gate, the request's alerts, money picture and summary above the form, its
 * evidence pack in the footer, and a decision sent only once the alert gate lets it go. A withdrawal's
 * money picture also proposes where its money goes back.
 */
export function RequestUpdateModal<S extends string, E extends object>(props: Props<S, E>) {
  const { type, row, onClose } = props;
  const update = useRequestUpdate(type, props.call, `${capitalised(type)} updated.`);
  const fourEyes = useFourEyes(modalStatus(props.choices, row.status, props.preset), props.approval);
  const gate = useAlertGate(type, row, update.error);

  return (
    <UpdateModal
      title={`Update ${type}`}
      kind={type}
      footerStart={<EvidencePackButton subject={type} id={row._id} />}
      rejectAlert={props.rejectAlert}
      {...gate.select(fourEyes.select)}
      childFieldKeys={['alertNote']}
      initialComment={row.comment}
      dealAmount={props.dealAmount}
      details={fourEyes.details(
        <>
          {gate.panel}
          <MoneyPictureSummary
            userId={row.userId}
            withdrawalId={type === 'withdrawal' ? row._id : undefined}
          />
          <RequestSummary
            items={[{ label: 'Client', value: clientLabel(props.client, row.userId) }, ...props.summary]}
          />
        </>,
      )}
      busy={update.isPending}
      error={update.error}
      onSubmit={(values) => {
        const choice = gate.choice(values.status);
        if (!choice) return;
        const decision = { _id: row._id, status: values.status, comment: values.comment, ...choice };
        update.mutate({ ...decision, ...props.extraBody(values) }, { onSuccess: onClose });
      }}
      onClose={onClose}
    >
      {gate.fields}
      {props.extraFields?.(fourEyes.select.options.length > 0)}
    </UpdateModal>
  );
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
