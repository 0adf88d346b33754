import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import { WaitlistRequestSchema, type WaitlistRequest } from './waitlist-request.entity.ts';
import { Repository } from '../../db/repository.ts';

/** The closed alpha's access requests. */
export class WaitlistRepository extends Repository {
  /** The newest requests, at most `limit`. */
  newest(limit: number): Promise<WaitlistRequest[]> {
    return this.em.find(WaitlistRequestSchema, {}, { orderBy: { createdAt: 'desc' }, limit });
  }

  /** A request by id; null for a malformed id or a missing one. */
  async findById(id: string): Promise<WaitlistRequest | null> {
    if (!z.guid().safeParse(id).success) return null;
    return this.em.findOne(WaitlistRequestSchema, { id });
  }

  /** Marks every pending request of this email approved at `at`. */
  async approvePending(email: string, at: Date): Promise<void> {
    await this.em.nativeUpdate(WaitlistRequestSchema, { email, status: 'pending' }, { status: 'approved', decidedAt: at });
  }

  /** A new request, tracked (written by the next flush). */
  create(data: RequiredEntityData<WaitlistRequest>): WaitlistRequest {
    return this.em.create(WaitlistRequestSchema, data);
  }
}
