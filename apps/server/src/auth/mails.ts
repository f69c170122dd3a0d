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

/**
 * To the owner of an account that keeps getting wrong passwords (at most once an hour): nothing is
 * locked, so the mail says what happens instead and what to do if someone may know the password.
 */
export function signInAttackMail(to: string, failures: number, ip: string): Mail {
  return {
    to,
    subject: 'Failed sign-ins to your Brokerdesk account',
    text: `${failures} wrong passwords have been entered for your account recently (the last from ${ip || 'an unknown address'}).\n\nYour account is not locked: sign-ins from browsers that have not signed in to it before are slowed down, and browsers you have signed in with keep working. You get this mail at most once an hour while it goes on.\n\nIf this was not you, someone may be guessing your password. A password alone gets nobody in (every sign-in also needs a code sent to this mailbox); if you think your password is known, reset it and tell your administrator.\n`,
  };
}
