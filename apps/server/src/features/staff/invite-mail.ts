import { calls, urlOf } from '@brokerdesk/contract';
import type { Mail } from '../../mail/mailer.ts';
import type { PasswordService } from '../../auth/password-service.ts';
import type { Db } from '../../db/client.ts';
import type { SendInvite } from './service.ts';

export function staffInviteMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'You have been invited to Brokerdesk',
    text: `Hello ${name},\n\nYou have been given access to the Brokerdesk console. To choose your password, open this link within 7 days:\n\n${link}\n\nThen sign in with your email, your password and the code we email you.\n`,
  };
}

/**
 * The invitation reuses the set-password link of email confirmation (/email/confirm/setpassword/{id}),
 * which confirms the address and opens a password reset. A mail failure is logged, not thrown: the
 * member exists either way and a SYSOP can have a reset link sent.
 */
export function inviteSender(deps: {
  db: Db;
  passwords: PasswordService;
  send: (mail: Mail) => Promise<void>;
  publicUrl: string;
  log: { warn: (o: object, m: string) => void };
}): SendInvite {
  return async (member) => {
    const id = await deps.passwords.createConfirmLink(deps.db, member.id, 'setpassword');
    try {
      await deps.send(
        staffInviteMail(
          member.email,
          member.name,
          `${deps.publicUrl}${urlOf(calls.auth.confirmEmailToSetPassword, { params: { setpassword: 'setpassword', id } })}`,
        ),
      );
    } catch (err) {
      deps.log.warn({ err, userId: member.id }, 'staff invitation mail could not be sent');
    }
  };
}
