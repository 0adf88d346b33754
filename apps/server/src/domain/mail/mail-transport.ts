import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers a message that is already recorded in the outbox. */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<void>;
}

/** The embedded default: the outbox table is the delivery; admins read it through the API. */
export const outboxOnlyTransport: MailTransport = { kind: 'outbox', deliver: async () => undefined };

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
