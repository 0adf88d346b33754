/**
 * pnpm bench: fair queues (issue 38). One creator holds 20 transcriptions (and 20 renders) in the
 * queue, then another creator sends one: the jobs go through the real sender (PlanPriorityJobQueue
 * on pg-boss, an embedded PostgreSQL) and are taken by a worker of WORKER_SLOTS slots fetching from
 * pg-boss as the worker does, each job standing for BENCH_JOB_MS of work. Printed: the second
 * creator's wait from its send to its job starting, in jobs' times (goal: within one job's time), and
 * what first in, first out would have made it wait (the first creator's jobs still waiting, over the slots).
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import type { TJobName } from '@ppp/contracts';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/domain/services.ts';
import { sharedDepsFor } from '../src/server.ts';
import { PgBossJobQueue } from '../src/domain/jobs/job-queue.ts';
import { JobOwnersRepository } from '../src/domain/jobs/job-owners.repository.ts';
import { PlanPriorityJobQueue } from '../src/domain/billing/plan-priority-queue.ts';
import { MediaItemSchema } from '../src/domain/media/media-item.entity.ts';
import { EpisodeSchema } from '../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../src/domain/podcasts/podcast.entity.ts';
import { registerBenchAccount } from './support/bench-account.ts';
import { startBenchInstance } from './support/bench-instance.ts';

const JOB_MS = Number(process.env.BENCH_JOB_MS ?? 300);
const WORKER_SLOTS = 2;
const BUSY_JOBS = 20;

const instance = await startBenchInstance('fair-queue');
const connectionString = String(instance.orm.config.get('clientUrl'));
const config = loadConfig({ ...process.env, DATABASE_URL: connectionString, NODE_ENV: 'production' });
const boss = new PgBoss({ connectionString, max: 4, supervise: false, schedule: false });
boss.on('error', () => undefined);
const load = () => os.loadavg()[0]!.toFixed(1);

/** A creator registered through the real auth route (the second on an instance waits for approval; its jobs do not care). */
async function creator(): Promise<string> {
  await sleep(5);
  const { email } = await registerBenchAccount(instance.base);
  const [row] = await instance.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from users where email = ?', [email]);
  if (!row) throw new Error(`${email} was not registered`);
  return row.id;
}

/** The sender every service uses: the plans' priority queue over pg-boss, with fair places per owner. */
function sender(): PlanPriorityJobQueue {
  const em = instance.orm.em.fork();
  const services = createServices(em, sharedDepsFor(config));
  return new PlanPriorityJobQueue(new PgBossJobQueue({ boss }), { plans: services.plans, owners: new JobOwnersRepository(em) });
}

/** `count` rows the queue's jobs name (uploads for transcriptions, episodes for renders) of the user. */
async function subjects(queue: 'audio.transcribe' | 'audio.assemble', userId: string, count: number): Promise<string[]> {
  const em = instance.orm.em.fork();
  const show = queue === 'audio.assemble' ? em.create(PodcastSchema, { user: userId, name: 'Fair show', description: 'Bench' }) : null;
  const rows = Array.from({ length: count }, (_, i) =>
    show
      ? em.create(EpisodeSchema, { user: userId, podcast: show, title: `Episode ${i}`, status: 'pending' })
      : em.create(MediaItemSchema, {
          user: userId,
          category: 'main_content',
          friendlyName: `take ${i}`,
          originalName: `take-${i}.wav`,
          filename: `take-${i}.wav`,
          storageKey: `users/${userId}/media/take-${i}.wav`,
          contentType: 'audio/wav',
          sizeBytes: 1,
          status: 'processing',
        }),
  );
  await em.flush();
  return rows.map((row) => row.id);
}

/** Works the queue with WORKER_SLOTS slots until `target` starts; answers when it started (ms, performance.now()). */
async function workUntilStarted(queue: TJobName, field: string, target: string): Promise<number> {
  let started = 0;
  const slot = async () => {
    while (!started) {
      const [job] = await boss.fetch<Record<string, unknown>>(queue);
      if (!job) {
        await sleep(10);
        continue;
      }
      if (job.data[field] === target) started = performance.now();
      await sleep(JOB_MS);
      await boss.complete(queue, job.id);
    }
  };
  await Promise.all(Array.from({ length: WORKER_SLOTS }, slot));
  return started;
}

async function measure(queue: 'audio.transcribe' | 'audio.assemble', field: string, busy: string, other: string): Promise<void> {
  const jobs = sender();
  const send = (id: string) => jobs.send(queue, { [field]: id } as never);
  for (const id of await subjects(queue, busy, BUSY_JOBS)) await send(id);
  const [single] = await subjects(queue, other, 1);
  // The worker is busy with the first creator's jobs when the second one's arrives, midway through a job.
  const working = workUntilStarted(queue, field, single!);
  await sleep(JOB_MS * 1.5);
  const ahead = (await jobs.waitingInGroup?.(queue, busy)) ?? BUSY_JOBS;
  const sent = performance.now();
  await send(single!);
  const started = await working;
  const waitJobs = (started - sent) / JOB_MS;
  // First in, first out, it would have waited for every job of the first creator still waiting, spread over the slots.
  const fifoJobs = ahead / WORKER_SLOTS;
  console.log(
    `${queue.padEnd(17)} second creator's wait ${(started - sent).toFixed(0)} ms = ${waitJobs.toFixed(2)} jobs' time ` +
      `(goal at most 1: ${waitJobs <= 1 ? 'met' : 'not met'}); first in, first out about ${fifoJobs.toFixed(1)}  load ${load()}`,
  );
}

try {
  await boss.start();
  for (const queue of ['audio.transcribe', 'audio.assemble'] as const) await boss.createQueue(queue);
  // The instance's first account is unlimited (the priority queue's band): both creators come after it, on one plan.
  await creator();
  const busy = await creator();
  const other = await creator();
  console.log(`Fair queues: ${BUSY_JOBS} jobs of one creator waiting, then one of another; ${WORKER_SLOTS} slots, ${JOB_MS} ms per job`);
  await measure('audio.transcribe', 'media_id', busy, other);
  await measure('audio.assemble', 'episode_id', busy, other);
} finally {
  await boss.stop({ graceful: false, timeout: 5_000 });
  await instance.close();
}
