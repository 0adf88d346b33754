import { z } from 'zod';
import { FAIR_QUEUE, JOB_PRIORITY, PLAN_PRIORITY_JOBS, type TJobName, type TJobPayload, type TPlanPriorityJob } from '@ppp/contracts';
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
  readonly waitingInGroup?: (name: string, group: string) => Promise<number>;

  constructor(inner: JobQueue, deps: PlanPriorityJobQueue['deps']) {
    this.inner = inner;
    this.deps = deps;
    if (inner.cancelQueued) this.cancelQueued = inner.cancelQueued.bind(inner);
    if (inner.retryFailed) this.retryFailed = inner.retryFailed.bind(inner);
    if (inner.waitingInGroup) this.waitingInGroup = inner.waitingInGroup.bind(inner);
  }

  async send<N extends TJobName>(name: N, payload: TJobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    // Background work (a negative priority, e.g. re-transcribing the fallback's uploads) stays behind every creator's job.
    if ((options.priority ?? 0) < 0) return this.inner.send(name, payload, options);
    const { priority, owner } = await this.placeOf(name, payload);
    const sent = { ...options, ...(owner ? { group: owner } : {}), ...(priority === JOB_PRIORITY.standard ? {} : { priority }) };
    return this.inner.send(name, payload, sent);
  }

  /** The priority a job of this payload gets: the owner's plan decides, standard when there is no owner. */
  async priorityOf(name: TJobName, payload: object): Promise<number> {
    return (await this.placeOf(name, payload)).priority;
  }

  /**
   * Where a job goes in its queue: its owner's plan picks the band (spec 002 §9's priority queue), and
   * inside it the owner's jobs already waiting there push it down one place each (FAIR_QUEUE, issue 38),
   * so owners take turns. Jobs without an owner are standard.
   */
  private async placeOf(name: TJobName, payload: object): Promise<{ priority: number; owner: string | null }> {
    if (!isPlanPriorityJob(name)) return { priority: JOB_PRIORITY.standard, owner: null };
    const rule = PLAN_PRIORITY_JOBS[name];
    const id = z.uuid().safeParse(Reflect.get(payload, rule.field));
    if (!id.success) return { priority: JOB_PRIORITY.standard, owner: null };
    const owner = await this.deps.owners.ownerOf(rule.owner, id.data);
    if (!owner) return { priority: JOB_PRIORITY.standard, owner: null };
    const [priorityPlan, waiting] = await Promise.all([
      this.deps.plans.hasFeature(owner, 'priorityQueue'),
      this.inner.waitingInGroup?.(name, owner.id) ?? Promise.resolve(0),
    ]);
    const band = priorityPlan ? JOB_PRIORITY.priority : JOB_PRIORITY.standard;
    return { priority: band - Math.min(waiting, FAIR_QUEUE.maxRank), owner: owner.id };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
