import {
  JOBS,
  MESSAGES,
  type ZKillQueueRequest,
  type ZRetryJobRequest,
  type TAdminJobsView,
  type TKillQueuePreview,
  type TKillQueueResult,
} from '@ppp/contracts';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AdminOverviewRepository } from './admin-overview.repository.ts';
import type { User } from '../users/user.entity.ts';

const KNOWN_QUEUES: readonly string[] = Object.keys(JOBS);

/** The Jobs view: queue depths, failed jobs with their errors, retry one, kill (cancel) a queue's waiting jobs. */
export class AdminJobsService {
  private readonly repo: AdminOverviewRepository;
  private readonly jobs: JobQueue;
  constructor(repo: AdminOverviewRepository, jobs: JobQueue) {
    this.repo = repo;
    this.jobs = jobs;
  }

  async view(): Promise<TAdminJobsView> {
    const [queues, failed] = await Promise.all([this.repo.queueCounts(), this.repo.failedJobs(50)]);
    return { queues, failed };
  }

  private queueOf(name: string): string {
    if (!KNOWN_QUEUES.includes(name)) throw new AppError('VALIDATION', `Unknown queue: ${name}`);
    return name;
  }

  /** What Kill queue would cancel now: asked by the confirmation before the admin goes ahead (issue 35). */
  async killPreview({ queue }: z.output<typeof ZKillQueueRequest>): Promise<TKillQueuePreview> {
    const name = this.queueOf(queue);
    const counts = (await this.repo.queueExists(name)) ? await this.repo.queuedOwners(name) : { jobs: 0, users: 0 };
    return { queue: name, ...counts };
  }

  /** Cancels the queue's queued jobs (running ones finish) and writes who did it, and to how many, in the audit trail. */
  async kill(admin: User, { queue }: z.output<typeof ZKillQueueRequest>): Promise<TKillQueueResult> {
    const name = this.queueOf(queue);
    if (!this.jobs.cancelQueued) throw new AppError('NOT_CONFIGURED', 'This process cannot manage background jobs.');
    if (!(await this.repo.queueExists(name))) return { queue: name, cancelled: 0 };
    const before = await this.repo.queuedOwners(name);
    const cancelled = await this.jobs.cancelQueued(name);
    await this.repo.recordAction({
      admin,
      table: 'pgboss.job',
      rowId: name,
      action: 'kill-queue',
      before: { queued_jobs: before.jobs, users: before.users },
      after: { cancelled },
    });
    return { queue: name, cancelled };
  }

  async retry({ queue, id }: z.output<typeof ZRetryJobRequest>): Promise<void> {
    const name = this.queueOf(queue);
    if (!this.jobs.retryFailed) throw new AppError('NOT_CONFIGURED', 'This process cannot manage background jobs.');
    const retried = (await this.repo.queueExists(name)) && (await this.jobs.retryFailed(name, id));
    if (!retried) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  }
}
