import { BRAND } from '@shared/brand';
import { composeMail, type MailMessage } from '../../infra/mailer';

export function applicationReceivedMail(to: string, firstName: string): MailMessage {
  return {
    to,
    template: 'application_received',
    subject: `We received your ${BRAND.name} application`,
    ...composeMail([
      `Hi ${firstName},`,
      `Thank you for applying to join ${BRAND.name} as a mobile mechanic. We'll review your application within 2-3 business days: our admin team verifies your credentials and background.`,
      "We'll e-mail you as soon as your application has been reviewed. Once you are approved, you set your password, sign in and start receiving job notifications.",
      `Questions? Write to ${BRAND.supportEmail} or call ${BRAND.supportPhone}.`,
    ]),
  };
}

export function applicationApprovedMail(
  to: string,
  firstName: string,
  username: string,
  setPasswordLink: string,
): MailMessage {
  return {
    to,
    template: 'application_approved',
    subject: `Welcome to ${BRAND.name}: your application is approved`,
    ...composeMail([
      `Hi ${firstName},`,
      `Good news: your ${BRAND.name} technician application has been approved.`,
      `Your username is ${username}. Set your password here (the link works once, for 7 days):\n${setPasswordLink}`,
      'Then sign in to complete your profile and start receiving job notifications.',
    ]),
  };
}

export function applicationRejectedMail(
  to: string,
  firstName: string,
  reason: string | undefined,
): MailMessage {
  return {
    to,
    template: 'application_rejected',
    subject: `Your ${BRAND.name} application`,
    ...composeMail([
      `Hi ${firstName},`,
      `Thank you for your interest in ${BRAND.name}. After reviewing your application, we are unable to approve it at this time.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      `If you have questions, or your situation changes, write to ${BRAND.supportEmail}.`,
    ]),
  };
}
