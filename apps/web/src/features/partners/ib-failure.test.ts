import { MESSAGES } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { ibFailureNotice } from './ib-failure.ts';

describe('IB failure notices', () => {
  it('gives the no-slots message its own title', () => {
    const error = new ApiError(409, { server: MESSAGES.noIntroducerSlots });
    expect(ibFailureNotice(error)).toEqual({
      title: MESSAGES.noIntroducerSlotsTitle,
      message: MESSAGES.noIntroducerSlots,
    });
  });

  it('shows the server message, or Something went wrong! without one', () => {
    expect(ibFailureNotice(new ApiError(409, { server: 'This IB request is already rejected.' }))).toEqual({
      title: MESSAGES.errorTitle,
      message: 'This IB request is already rejected.',
    });
    expect(ibFailureNotice(new ApiError(0, { server: MESSAGES.serverError }))).toEqual({
      title: MESSAGES.errorTitle,
      message: MESSAGES.somethingWrong,
    });
    expect(ibFailureNotice(new Error('boom'))?.message).toBe(MESSAGES.somethingWrong);
  });

  it('leaves field errors to the form, and a lost session to the sign-in page', () => {
    expect(ibFailureNotice(new ApiError(400, { comment: 'A comment is required.' }))).toBeNull();
    expect(ibFailureNotice(new ApiError(401, { server: MESSAGES.sessionExpired }))).toBeNull();
  });
});
