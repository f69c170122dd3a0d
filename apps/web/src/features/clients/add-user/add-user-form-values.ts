import { MESSAGES, registerUserRequest } from '@brokerdesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { hasBirthDate } from '../components/birth-date.ts';
import { DETAIL_FIELD_KEYS } from '../components/client-details-fields.tsx';

export type AddUserValues = z.input<typeof registerUserRequest>;
export type AddUserOutput = z.output<typeof registerUserRequest>;

export const ADD_USER_DEFAULTS: Partial<AddUserValues> = {
  email: '',
  password: '',
  password2: '',
  title: null,
  name: '',
  surname: '',
  mobilePhone: '',
  addressNo: '',
  address: '',
  city: '',
  postcode: '',
  county: '',
  country: '',
  nationality: '',
  accountType: 'Individual',
};

/**
 * Server error keys Add User shows under its fields (docs/product.md [rule.add-user]); the rest go to the
 * bottom of the form.
 */
export const ADD_FIELD_KEYS = [
  'email',
  'password',
  'passwordincorrect',
  'password2',
  ...DETAIL_FIELD_KEYS,
  'accountType',
  'birthDay',
  'birthMonth',
  'birthYear',
] as const;

const contractResolver = zodResolver(registerUserRequest);

/**
 * The contract's registerUserRequest, with one change in wording: a missing birth date part is
 * reported once, as 'Please, set your birth date.' (docs/product.md [msg.set-birth-date]), instead of three
 * type errors.
 */
export const addUserResolver: Resolver<AddUserValues, unknown, AddUserOutput> = async (
  values,
  context,
  options,
) => {
  const result = await contractResolver(values, context, options);
  if (hasBirthDate(values)) return result;
  const { birthDay: _d, birthMonth: _m, birthYear: _y, ...rest } = result.errors;
  return {
    values: {},
    errors: { ...rest, birthDay: { type: 'required', message: MESSAGES.setBirthDate } },
  };
};
