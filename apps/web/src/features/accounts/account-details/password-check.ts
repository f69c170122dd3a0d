import { POLLING_MS } from '@brokerdesk/contract';
import { showErrorNotice, showSuccessNotice } from '../../../shared/notify.ts';
import { accountsApi } from '../accounts-api.ts';
import { passwordOutcome } from './account-update.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md [states]: the platform changes the password asynchronously, so 5 s after the update the
 * console asks how it went and says so. This runs on its own, not in the modal, so closing the modal (or
 * leaving the page) within those 5 s still gets the staff member an answer.
 */
export async function watchPasswordChange(accountId: string): Promise<boolean> {
  await sleep(POLLING_MS.passwordChangeCheck);
  let status: string | undefined;
  try {
    status = (await accountsApi.checkPassword(accountId)).data.status;
  } catch {
    status = undefined;
  }
  const outcome = passwordOutcome(status);
  if (outcome.ok) showSuccessNotice(outcome.message);
  else showErrorNotice(outcome.message);
  return outcome.ok;
}
