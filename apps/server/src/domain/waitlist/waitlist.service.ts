import type { z } from 'zod';
import type { ZWaitlistRequest } from '@ppp/contracts';
import type { WaitlistRepository } from './waitlist.repository.ts';
import type { User } from '../users/user.entity.ts';
import type { RateLimitService } from '../auth/rate-limit.service.ts';

/** Closed-alpha access requests from visitors and inactive accounts. */
export class WaitlistService {
  private readonly repository: WaitlistRepository;
  private readonly limits: RateLimitService;
  constructor(repository: WaitlistRepository, limits: RateLimitService) {
    this.repository = repository;
    this.limits = limits;
  }

  async request(body: z.output<typeof ZWaitlistRequest>, user: User | null, clientIp: string): Promise<void> {
    const key = `waitlist:${clientIp}`;
    await this.limits.takeOrRefuse([{ key, max: 20 }], 60 * 60 * 1000);
    this.repository.create({ email: body.email, note: body.note ?? null, user: user ?? null });
    await this.repository.flush();
  }
}
