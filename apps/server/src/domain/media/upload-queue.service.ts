import { NOTIFICATION_LINKS, QUEUE_STORAGE, QUEUE_STORAGE_MESSAGES, getTier, type TTierValues } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { PlanUser } from '../billing/feature-gate.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { TiersService } from '../billing/tiers.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mediaPrefix, type StoragePort } from '../storage/storage.ts';
import type { UnusedUpload, UploadQueueRepository } from './upload-queue.repository.ts';

const DAY_MS = 86_400_000;

export interface UploadQueueDeps {
  repo: UploadQueueRepository;
  plans: Pick<PlansService, 'effectiveTier'>;
  tiers: Pick<TiersService, 'valuesFor'>;
  mail: Pick<MailService, 'send'>;
  storage: StoragePort;
}

export interface QueueSweep {
  noticed: number;
  removed: number;
}

/** A plan's queue values: its name, hours of audio (seconds) and days held; null is unlimited. */
interface QueuePlan {
  name: string;
  limitSeconds: number | null;
  heldDays: number | null;
}

/**
 * The upload queue of the plans (spec 002 §9 'Queue storage'): the hours of audio a creator's unused
 * uploads may hold, checked at upload, and the days each is held, after which the uploads.queue-expiry
 * job removes it, having told the creator QUEUE_STORAGE.noticeDays before (bell and mail, once). An
 * upload an episode uses is never counted nor removed.
 */
export class UploadQueueService {
  private readonly deps: UploadQueueDeps;
  constructor(deps: UploadQueueDeps) {
    this.deps = deps;
  }

  private async planOf(user: PlanUser): Promise<QueuePlan> {
    const tier = await this.deps.plans.effectiveTier(user);
    const values: TTierValues = await this.deps.tiers.valuesFor(tier);
    const hours = values.queue_storage_hours;
    const days = values.queue_held_days;
    return {
      name: getTier(tier).name,
      limitSeconds: typeof hours === 'number' ? hours * 3600 : null,
      heldDays: typeof days === 'number' ? days : null,
    };
  }

  /** 402 QUEUE_STORAGE_FULL when `uploadSeconds` more would take the unused uploads past the plan's hours. */
  async assertRoom(user: PlanUser, uploadSeconds: number): Promise<void> {
    const plan = await this.planOf(user);
    if (plan.limitSeconds === null) return;
    const queuedSeconds = await this.deps.repo.queuedSeconds(user.id);
    if (queuedSeconds + uploadSeconds <= plan.limitSeconds) return;
    const message = QUEUE_STORAGE_MESSAGES.full({ planName: plan.name, limitSeconds: plan.limitSeconds, queuedSeconds, uploadSeconds });
    throw new AppError('QUEUE_STORAGE_FULL', message, {
      limit_hours: plan.limitSeconds / 3600,
      queued_seconds: Math.round(queuedSeconds),
      upload_seconds: Math.round(uploadSeconds),
    });
  }

  /** 402 QUEUE_STORAGE_FULL when the unused uploads already fill the plan's hours (a tus upload is refused before its bytes). */
  async assertNotFull(user: PlanUser): Promise<void> {
    const plan = await this.planOf(user);
    if (plan.limitSeconds === null) return;
    const queuedSeconds = await this.deps.repo.queuedSeconds(user.id);
    if (queuedSeconds < plan.limitSeconds) return;
    const message = QUEUE_STORAGE_MESSAGES.full({
      planName: plan.name,
      limitSeconds: plan.limitSeconds,
      queuedSeconds,
      uploadSeconds: null,
    });
    throw new AppError('QUEUE_STORAGE_FULL', message, { limit_hours: plan.limitSeconds / 3600, queued_seconds: Math.round(queuedSeconds) });
  }

  /** One run of the job: notices due are sent, uploads whose time (and notice period) is over are removed. */
  async sweep(now = new Date()): Promise<QueueSweep> {
    const result: QueueSweep = { noticed: 0, removed: 0 };
    for (const owner of await this.deps.repo.ownersWithUnused(now)) {
      const plan = await this.planOf(owner);
      if (plan.heldDays === null) continue;
      for (const upload of await this.deps.repo.unusedOf(owner.id, now)) {
        const step = await this.step(upload, plan, plan.heldDays, now);
        if (step === 'noticed') result.noticed += 1;
        if (step === 'removed') result.removed += 1;
      }
    }
    return result;
  }

  private async step(upload: UnusedUpload, plan: QueuePlan, heldDays: number, now: Date): Promise<'noticed' | 'removed' | null> {
    const heldUntil = upload.createdAt.getTime() + heldDays * DAY_MS;
    const noticeMs = QUEUE_STORAGE.noticeDays * DAY_MS;
    if (now.getTime() < heldUntil - noticeMs) return null;
    if (!upload.noticedAt) {
      const removeOn = new Date(Math.max(heldUntil, now.getTime() + noticeMs));
      const notice = {
        title: QUEUE_STORAGE_MESSAGES.noticeTitle,
        body: QUEUE_STORAGE_MESSAGES.notice({ ...upload, planName: plan.name, heldDays, removeOn }),
        link: NOTIFICATION_LINKS.upload(upload.id),
      };
      if (!(await this.deps.repo.claimNotice(upload, notice))) return null;
      const to = await this.deps.repo.emailOf(upload.userId);
      if (to) await this.deps.mail.send({ to, subject: notice.title, text: notice.body });
      return 'noticed';
    }
    // The creator always has the notice period, even when the plan's days ran out before it was sent.
    if (now.getTime() < Math.max(heldUntil, upload.noticedAt.getTime() + noticeMs)) return null;
    if (!(await this.deps.repo.deleteIfUnused(upload.id))) return null;
    await this.deps.storage.delete(mediaPrefix(upload.userId, upload.id));
    return 'removed';
  }
}
