import {
  isFallbackEngine,
  RETRANSCRIBE,
  RETRANSCRIBE_MESSAGES,
  ZTranscriptionEngineName,
  type TRetranscribeFallbackState,
  type TRetranscribeRun,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Owner } from '../users/user.entity.ts';
import type { RetranscribeRun } from './retranscribe-run.entity.ts';
import type { RetranscribeRepository } from './retranscribe.repository.ts';
import { engineNow, noBetterEngine, type EngineStatusSource } from './retranscribe.service.ts';

export interface FallbackRunDeps {
  runs: RetranscribeRepository;
  jobs: JobQueue;
  engines: EngineStatusSource;
}

/** What one step of the walk did (the job's result, for its log and the admin's Jobs tab). */
export type StepOutcome = 'stale' | 'waiting' | 'queued' | 'done';

export function toRunDto(run: RetranscribeRun): TRetranscribeRun {
  return {
    id: run.id,
    status: run.status === 'done' || run.status === 'cancelled' ? run.status : 'running',
    engine: ZTranscriptionEngineName.catch('whisper.cpp').parse(run.engine),
    model: run.model ?? null,
    total: run.total,
    done: run.doneCount,
    failed: run.failedCount,
    current_media_id: run.currentMediaId ?? null,
    started_at: run.createdAt,
    finished_at: run.finishedAt ?? null,
  };
}

/**
 * The admin's re-transcription of every upload the offline fallback transcribed, once a better
 * engine runs (issue 32): one run at a time, walked one upload at a time by the
 * transcripts.retranscribe-fallback job. Each step is one transaction on the locked run row: it
 * counts the upload in flight once its transcription has ended, claims the next one (shown as
 * Processing, its audio.transcribe queued below every creator's job) and queues the next step. A
 * repeated or late step does nothing (step), so a restart carries on where the walk got to and
 * never transcribes a finished upload again.
 */
export class FallbackRunService {
  private readonly deps: FallbackRunDeps;
  constructor(deps: FallbackRunDeps) {
    this.deps = deps;
  }

  async state(): Promise<TRetranscribeFallbackState> {
    const [now, count, run] = await Promise.all([
      engineNow(this.deps.engines),
      this.deps.runs.fallbackUploadCount(),
      this.deps.runs.latestRun(),
    ]);
    return { engine_now: now, fallback_uploads: count, run: run ? toRunDto(run) : null };
  }

  /** Starts the run: 409 while one runs, when the engine now is no better than the fallback, or when there is nothing to do. */
  async start(admin: Owner): Promise<TRetranscribeRun> {
    const now = await engineNow(this.deps.engines);
    const refusal = noBetterEngine(now, { engine: null, model: null });
    if (refusal || !now) throw new AppError('CONFLICT', refusal ?? RETRANSCRIBE_MESSAGES.noEngine);
    return this.deps.runs.withStartLock(async (unit) => {
      if ((await unit.latestRun())?.status === 'running') throw new AppError('CONFLICT', RETRANSCRIBE_MESSAGES.bulkAlreadyRunning);
      const total = await unit.fallbackUploadCount();
      if (total === 0) throw new AppError('CONFLICT', RETRANSCRIBE_MESSAGES.bulkNothingToDo);
      const run = unit.createRun({ engine: now.engine, model: now.model, total, startedById: admin.id });
      await unit.flush();
      await this.deps.jobs.send('transcripts.retranscribe-fallback', { run_id: run.id, step: 0 }, { transaction: unit.transaction });
      return toRunDto(run);
    });
  }

  /** One step of the walk (the job's handler); see the class comment. */
  async step(runId: string, step: number): Promise<StepOutcome> {
    return this.deps.runs.withLockedRun(runId, async (run, unit) => {
      if (!run || run.status !== 'running' || run.step !== step) return 'stale';
      if (run.currentMediaId) {
        const upload = await unit.uploadNow(run.currentMediaId);
        if (upload?.status === 'processing') return this.continueLater(run, unit, 'waiting');
        if (upload?.status === 'ready' && upload.engine && !isFallbackEngine(upload.engine)) run.doneCount += 1;
        else run.failedCount += 1;
        run.currentMediaId = null;
      }
      for (;;) {
        const cursor = run.cursorCreatedAt && run.cursorId ? { createdAt: run.cursorCreatedAt, id: run.cursorId } : null;
        const next = await unit.nextFallbackUpload(cursor);
        if (!next) {
          Object.assign(run, { status: 'done', finishedAt: new Date(), step: run.step + 1 });
          await unit.flush();
          return 'done';
        }
        Object.assign(run, { cursorCreatedAt: next.createdAt, cursorId: next.id });
        if (!(await unit.markProcessing(next.id))) continue;
        run.currentMediaId = next.id;
        await this.deps.jobs.send(
          'audio.transcribe',
          { media_id: next.id },
          { singletonKey: next.id, priority: RETRANSCRIBE.bulkPriority, transaction: unit.transaction },
        );
        return this.continueLater(run, unit, 'queued');
      }
    });
  }

  /** The next step, after a pause: queued in the step's transaction, so it exists exactly when the step's writes do. */
  private async continueLater(run: RetranscribeRun, unit: RetranscribeRepository, outcome: StepOutcome): Promise<StepOutcome> {
    run.step += 1;
    await unit.flush();
    const startAfter = new Date(Date.now() + RETRANSCRIBE.bulkPollSeconds * 1000);
    await this.deps.jobs.send(
      'transcripts.retranscribe-fallback',
      { run_id: run.id, step: run.step },
      { startAfter, transaction: unit.transaction },
    );
    return outcome;
  }
}
