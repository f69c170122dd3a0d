import { describe, expect, it } from 'vitest';
import { AUTOMATION, adminLabel } from './admin-label.ts';

describe('admin column', () => {
  const admins = { '6b02b9b2e385a93c174ca293': 'Alex Admin' };
  it('shows AUTOMATION for accounts without an admin', () => {
    expect(adminLabel('', admins)).toBe(AUTOMATION);
    expect(adminLabel('0', undefined)).toBe(AUTOMATION);
  });
  it('shows the admin’s name, or the id of someone no longer listed', () => {
    expect(adminLabel('6b02b9b2e385a93c174ca293', admins)).toBe('Alex Admin');
    expect(adminLabel('6b02b9b2e385a93c174ca299', admins)).toBe('6b02b9b2e385a93c174ca299');
  });
  it('shows nothing while the admins list loads', () => {
    expect(adminLabel('6b02b9b2e385a93c174ca293', undefined)).toBe('');
  });
});
