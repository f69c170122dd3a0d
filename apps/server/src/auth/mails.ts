import type { Mail } from '../mail/mailer.ts';

/** The texts of the mails the console sends. The code stands on a line of its own for easy reading. */
export function signInCodeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: 'Your Brokerdesk sign-in code',
    text: `Your sign-in code is:\n\n${code}\n\nIt is valid for ${minutes} minutes and can be used once.\nIf you did not try to sign in, tell your administrator.\n`,
  };
}

export function passwordResetMail(to: string, link: string, minutes: number): Mail {
  return {
    to,
    subject: 'Reset your Brokerdesk password',
    text: `To choose a new password, open this link within ${minutes} minutes:\n\n${link}\n\nIf you did not ask for this, ignore this email; your password stays as it is.\n`,
  };
}

export function emailConfirmMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your email address',
    text: `Please confirm your email address by opening this link:\n\n${link}\n`,
  };
}

/** To the owner of an account locked after too many wrong sign-in codes: someone may know the password. */
export function codesLockedMail(to: string, minutes: number, ip: string): Mail {
  return {
    to,
    subject: 'Your Brokerdesk sign-in is locked',
    text: `Too many wrong sign-in codes were entered for your account (the last from ${ip || 'an unknown address'}), so signing in is locked for ${minutes} minutes.\n\nSomeone may know your password. If this was not you, reset your password and tell your administrator.\n`,
  };
}
