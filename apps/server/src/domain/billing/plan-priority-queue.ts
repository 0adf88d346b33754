import { z } from 'zod';
import { JOB_PRIORITY, PLAN_PRIORITY_JOBS, type TJobName, type TJobPayload, type TPlanPriorityJob } from '@ppp/contracts';
import type { JobQueue, SendOptions } from '../jobs/job-queue.ts';
import type { JobOwnersRepository } from '../jobs/job-owners.repository.ts';
import type { PlansService } from './plans.service.ts';

function isPlanPriorityJob(name: TJobName): name is TPlanPriorityJob {
  return Object.hasOwn(PLAN_PRIORITY_JOBS, name);
}

/**
 * The one place a job's priority is decided (spec 002 §9 'priority queue'): every service sends
 * through this queue, and a processing job (PLAN_PRIORITY_JOBS: transcription, assembly,
 * publishing) whose owner's plan has priorityQueue in the tier table goes out with pg-boss priority,
 * so the worker fetches it before standard jobs queued earlier. Other jobs pass through unchanged.
 */
export class PlanPriorityJobQueue implements JobQueue {
  private readonly inner: JobQueue;
  private readonly deps: { plans: Pick<PlansService, 'hasFeature'>; owners: JobOwnersRepository };
  readonly cancelQueued?: (name: string) => Promise<number>;
  readonly retryFailed?: (name: string, id: string) => Promise<boolean>;

  constructor(inner: JobQueue, deps: PlanPriorityJobQueue['deps']) {
    this.inner = inner;
    this.deps = deps;
    if (inner.cancelQueued) this.cancelQueued = inner.cancelQueued.bind(inner);
    if (inner.retryFailed) this.retryFailed = inner.retryFailed.bind(inner);
  }

  async send<N extends TJobName>(name: N, payload: TJobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    // Background work (a negative priority, e.g. re-transcribing the fallback's uploads) stays behind every creator's job.
    if ((options.priority ?? 0) < 0) return this.inner.send(name, payload, options);
    const priority = await this.priorityOf(name, payload);
    return this.inner.send(name, payload, priority === JOB_PRIORITY.standard ? options : { ...options, priority });
  }

  /** The priority a job of this payload gets: the owner's plan decides, standard when there is no owner. */
  async priorityOf(name: TJobName, payload: object): Promise<number> {
    if (!isPlanPriorityJob(name)) return JOB_PRIORITY.standard;
    const rule = PLAN_PRIORITY_JOBS[name];
    const id = z.uuid().safeParse(Reflect.get(payload, rule.field));
    if (!id.success) return JOB_PRIORITY.standard;
    const owner = await this.deps.owners.ownerOf(rule.owner, id.data);
    if (!owner || !(await this.deps.plans.hasFeature(owner, 'priorityQueue'))) return JOB_PRIORITY.standard;
    return JOB_PRIORITY.priority;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
