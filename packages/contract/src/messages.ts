/**
 * User-facing texts of docs/product.md [states], [rules], [messages], word for word. Server and web both take
 * them from here.
 */
export const MESSAGES = {
  serverError: 'Server error.',
  somethingWrong: 'Something went wrong!',
  errorTitle: 'Error',
  clientUpdated: 'You have successfully updated the client.',
  accountUpdated: 'You have successfully updated the account.',
  // Texts the spec leaves open (the right words for what happened).
  clientCreated: 'The client has been created. A confirmation email is on its way to them.',
  logAdded: 'The log entry has been added.',
  accountOpened: (live: boolean, number?: number) =>
    `The ${live ? 'live' : 'demo'} account${number ? ` ${number}` : ''} is being opened on MT5.`,
  groupChangeSent:
    'The group change has been sent to MT5; the account shows its new group once MT5 has made it.',
  passwordChanged: 'You have successfully changed the password for this account.',
  passwordChangeFailed: 'Something went wrong while changing the password. Please, try again.',
  noIntroducerSlots: "You don't have any Introducer slots left. Please add more codes.",
  noIntroducerSlotsTitle: 'IB Code Insert Failed',
  setBirthDate: 'Please, set your birth date.',
  eventRequired: 'Event is required.',
  reasonRequired: 'Reason is required.',
  passwordsMustMatch: 'Passwords MUST match!',
  passwordTooShort: 'Password MUST contain at least 6 characters!',
  // Staff passwords (one policy for the CLI, reset and set-password links), in the spec's style.
  staffPasswordTooShort: 'Password MUST contain at least 10 characters!',
  passwordTooCommon: 'This password is too common.',
  waitingForProvider: 'Waiting for the provider to process',
  changeUserStatus: (status: string) => `Are you sure you want to change user status to ${status}?`,
  deleteGroup: (id: string | number) => `Are you sure you want to DELETE group ${id}?`,
  rejectWithoutReason: (what: 'transfer' | 'withdrawal' | 'deposit' | 'account' | 'leverage change') =>
    `You cannot reject ${what} without a reason`,
  approveWithdrawal: 'Are you sure you want to approve this withdrawal?',
  approveDeposit: 'Are you sure you want to approve this deposit?',
  approveTransfer: 'Do you want to mark this transfer as processed?',
  approveLeverage: 'Do you want to mark this leverage change as approved?',
  // Sign-in texts the spec leaves open (docs/decisions.md).
  emailOrPasswordIncorrect: 'Email or password is incorrect.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is invalid.',
  passwordRequired: 'Password is required.',
  codeIncorrect: 'The code is incorrect.',
  codeExpired: 'The code has expired or was already used. Please sign in again.',
  codeTooManyTries: 'Too many wrong codes. Please sign in again.',
  accountLocked: 'Too many failed sign-ins. Please try again in 30 minutes.',
  signInSlowed: (seconds: number) =>
    `Too many failed sign-ins. Please try again in ${
      seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`
    }.`,
  deviceInvalid: 'The device token is not valid.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyCodes: 'Too many sign-in codes were requested. Please wait 10 minutes and try again.',
  badText: 'This text is not valid: remove control characters (NUL) and broken Unicode.',
  codeSent: 'A new code has been sent to your email.',
  resetSent: 'If the email belongs to a staff account, a reset link has been sent to it.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been changed. Please sign in.',
  emailConfirmed: 'Your email address has been confirmed.',
  emailConfirmInvalid: 'This confirmation link is invalid or has expired.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  conflict: 'This record has changed since you opened it. Reload and try again.',
  invalidInput: 'The request is invalid.',
  tooLarge: 'The request is too large.',
  kycUnavailable: 'The identity-verification provider is not answering. Please try again later.',
} as const;
