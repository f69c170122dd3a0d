export { listBankAccounts } from './list-bank-accounts.ts';
export { pageBankAccounts } from './page-bank-accounts.ts';
export { getBankAccount } from './get-bank-account.ts';
export { listClientBankAccounts } from './list-client-bank-accounts.ts';
export { updateBankAccount } from './update-bank-account.ts';
export { getDepositBankDetails } from './get-deposit-bank-details.ts';
export { uploadDocument } from './upload-document.ts';
export { openStoredFile } from './open-stored-file.ts';
