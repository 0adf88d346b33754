import { MESSAGES, WAITLIST_APPROVAL_MAIL, type TAdminWaitlistEntry } from '@ppp/contracts';
import { z } from 'zod';
import type { WaitlistRequest } from './waitlist-request.entity.ts';
import type { WaitlistRepository } from './waitlist.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { orNotFound } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';

const ZStatus = z.enum(['pending', 'approved', 'dismissed']).catch('pending');

/** The admin's side of the closed alpha: list requests, approve (activate and mail) or dismiss. */
export class WaitlistAdminService {
  private readonly requests: WaitlistRepository;
  private readonly users: Pick<UsersRepository, 'findByEmail' | 'findByEmails'>;
  private readonly mail: MailService;
  private readonly publicUrl: string;
  constructor(deps: {
    requests: WaitlistRepository;
    users: Pick<UsersRepository, 'findByEmail' | 'findByEmails'>;
    mail: MailService;
    publicUrl: string;
  }) {
    this.requests = deps.requests;
    this.users = deps.users;
    this.mail = deps.mail;
    this.publicUrl = deps.publicUrl;
  }

  /** Pending requests first, then decided ones; newest first within each. */
  async list(): Promise<TAdminWaitlistEntry[]> {
    const requests = await this.requests.newest(500);
    const emails = [...new Set(requests.map((r) => r.email))];
    const users = await this.users.findByEmails(emails);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const entries = requests.map((r): TAdminWaitlistEntry => {
      const user = byEmail.get(r.email);
      return {
        id: r.id,
        email: r.email,
        note: r.note ?? null,
        created_at: r.createdAt,
        status: ZStatus.parse(r.status),
        account: !user ? 'none' : user.isActive ? 'active' : 'waiting',
      };
    });
    return entries.sort((a, b) => Number(a.status !== 'pending') - Number(b.status !== 'pending'));
  }

  private async find(id: string): Promise<WaitlistRequest> {
    return orNotFound(await this.requests.findById(id), MESSAGES.notFound);
  }

  /** Activates the account of the request's email (if there is one), mails the address, and marks every request of that email approved. */
  async approve(id: string): Promise<void> {
    const request = await this.find(id);
    const user = await this.users.findByEmail(request.email);
    if (user) {
      user.isActive = true;
      user.disabledAt = null;
    }
    const now = new Date();
    await this.requests.approvePending(request.email, now);
    request.status = 'approved';
    request.decidedAt = now;
    await this.requests.flush();
    await this.mail.send({ to: request.email, subject: WAITLIST_APPROVAL_MAIL.subject, text: WAITLIST_APPROVAL_MAIL.text(this.publicUrl) });
  }

  async dismiss(id: string): Promise<void> {
    const request = await this.find(id);
    request.status = 'dismissed';
    request.decidedAt = new Date();
    await this.requests.flush();
  }
}
