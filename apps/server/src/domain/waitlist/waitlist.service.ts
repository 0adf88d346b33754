import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ZWaitlistRequest } from '@ppp/contracts';
import { WaitlistRequestSchema } from './waitlist-request.entity.ts';
import type { User } from '../users/user.entity.ts';
import type { RateLimitService } from '../auth/rate-limit.service.ts';

/** Closed-alpha access requests from visitors and inactive accounts. */
export class WaitlistService {
  private readonly em: EntityManager;
  private readonly limits: RateLimitService;
  constructor(em: EntityManager, limits: RateLimitService) {
    this.em = em;
    this.limits = limits;
  }

  async request(body: z.output<typeof ZWaitlistRequest>, user: User | null, clientIp: string): Promise<void> {
    const key = `waitlist:${clientIp}`;
    await this.limits.takeOrRefuse([{ key, max: 20 }], 60 * 60 * 1000);
    this.em.create(WaitlistRequestSchema, { email: body.email, note: body.note ?? null, user: user ?? null });
    await this.em.flush();
  }
}
