import { MESSAGES, updateBankAccountRequest } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { statementProblem } from './bank-form-values.ts';

const base = {
  _id: 'a'.repeat(24),
  bankName: 'Barclays',
  bankAddress: '1 Churchill Place, London',
  bankCountry: 'GB',
  bankAccountCurrency: 'GBP' as const,
  bankAccountNumber: '12345678',
  bankSortCode: '20-00-00',
  bankIBAN: '',
  bankSwift: '',
  status: 'approved' as const,
  comment: '',
};

describe('Bank details form', () => {
  it('asks for a statement only when Upload new document is ticked', () => {
    expect(statementProblem(false, null)).toBeUndefined();
    expect(statementProblem(true, null)).toBe('Choose a file to upload.');
    const pdf = new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' });
    expect(statementProblem(true, pdf)).toBeUndefined();
    const doc = new File(['x'], 'statement.docx', { type: 'application/msword' });
    expect(statementProblem(true, doc)).toMatch(/PDF, PNG or JPEG/);
  });

  it('validates with the contract: UK layout for GB, IBAN layout elsewhere, a reason to decline', () => {
    expect(updateBankAccountRequest.safeParse(base).success).toBe(true);
    const iban = updateBankAccountRequest.safeParse({ ...base, bankCountry: 'DE' });
    expect(iban.success).toBe(false);
    const declined = updateBankAccountRequest.safeParse({ ...base, status: 'rejected', comment: ' ' });
    expect(declined.error?.issues[0]?.message).toBe(MESSAGES.rejectWithoutReason('account'));
  });
});
