import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SPEECH_MODEL_MESSAGES, type TSpeechModelName } from '@ppp/contracts';
import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import { modelUrl, type Catalogue, type CatalogueEntry } from './catalogue.ts';
import { digestOf, downloadModel, ModelDownloadError, partPathOf, type DownloadIo } from './downloader.ts';
import { checkGgmlFile } from './model-check.ts';
import type { SpeechModelRow, SpeechModelsRepository } from './speech-models.repository.ts';

/** The advisory-lock namespace of model downloads (issue 32): one download of a model at a time, cluster-wide. */
const DOWNLOAD_LOCK_NAMESPACE = 727032;
/** Progress reaches the row at most this often. */
const PROGRESS_EVERY_MS = 1_000;

export interface ProvisionerOptions {
  catalogue: Catalogue;
  modelsDir: string;
  baseUrl: string;
  /** For the advisory lock; without one, only this process's calls are deduplicated. */
  databaseUrl: string | undefined;
  /** A repository on a unit of work of its own: a download outlives the request that started it. */
  repository: () => SpeechModelsRepository;
  io?: DownloadIo;
  retryDelayMs?: number;
  log?: (message: string) => void;
}

/** How provisioning ended: ready, failed (the row says why), skipped (nothing to do), or busy elsewhere. */
export type ProvisionOutcome = 'ready' | 'failed' | 'absent' | 'busy';

/** Calls under way in this process, so two calls for one model share one run. */
const running = new Map<string, Promise<ProvisionOutcome>>();

export const modelFileOf = (modelsDir: string, entry: CatalogueEntry) => path.join(modelsDir, entry.file);

/** Whether the file on disk is the one the row verified (same size and modification time). */
export async function verifiedFile(file: string, row: SpeechModelRow | null): Promise<boolean> {
  if (row?.state !== 'ready') return false;
  const info = await stat(file).catch(() => null);
  return !!info && info.size === row.verifiedSize && Math.round(info.mtimeMs) === row.verifiedMtimeMs;
}

/**
 * Makes a catalogue model present and verified in MODELS_DIR: a file already there (downloaded
 * before, or placed by hand) is checked against the pinned size, digest and ggml header; a missing
 * one is downloaded when `download` allows it. One run per model across the cluster (an advisory
 * lock); a caller that finds it taken answers 'busy' and the row shows the other's progress.
 */
export class ModelProvisioner {
  private readonly options: ProvisionerOptions;
  constructor(options: ProvisionerOptions) {
    this.options = options;
  }

  provision(name: TSpeechModelName, download: boolean): Promise<ProvisionOutcome> {
    const key = `${this.options.modelsDir}\0${name}`;
    let run = running.get(key);
    if (!run) {
      run = this.locked(name, download).finally(() => running.delete(key));
      running.set(key, run);
    }
    return run;
  }

  private async locked(name: TSpeechModelName, download: boolean): Promise<ProvisionOutcome> {
    const work = () => this.run(name, download);
    if (!this.options.databaseUrl) return work();
    const got = await withAdvisoryLock(this.options.databaseUrl, DOWNLOAD_LOCK_NAMESPACE, `speech-model:${name}`, work, 0);
    return got.locked ? got.value : 'busy';
  }

  private async run(name: TSpeechModelName, download: boolean): Promise<ProvisionOutcome> {
    const { catalogue, modelsDir } = this.options;
    const entry = catalogue[name];
    const target = modelFileOf(modelsDir, entry);
    const repo = this.options.repository();
    if (await verifiedFile(target, await repo.model(name))) return 'ready';
    await mkdir(modelsDir, { recursive: true });
    if (await stat(target).catch(() => null)) return this.checkPresent(entry, target, repo);
    if (!download) return 'absent';
    return this.download(entry, target, repo);
  }

  /** A file already in place (placed by hand, or replaced): used only once it is the pinned one. */
  private async checkPresent(entry: CatalogueEntry, target: string, repo: SpeechModelsRepository): Promise<ProvisionOutcome> {
    await repo.saveModel(entry.name, { state: 'verifying', error: null });
    const info = await stat(target);
    const problem =
      info.size !== entry.sizeBytes
        ? SPEECH_MODEL_MESSAGES.sizeMismatch(entry.name, entry.sizeBytes, info.size)
        : (await digestOf(target, entry.digest.algorithm)) !== entry.digest.digest
          ? SPEECH_MODEL_MESSAGES.badFile(entry.name, `its ${entry.digest.algorithm} is not the pinned ${entry.digest.digest}.`)
          : await checkGgmlFile(target).then((reason) => reason && SPEECH_MODEL_MESSAGES.badFile(entry.name, reason));
    if (problem) {
      this.options.log?.(problem);
      await repo.saveModel(entry.name, { state: 'failed', error: problem, verifiedSize: null, verifiedMtimeMs: null });
      return 'failed';
    }
    await this.markReady(entry, target, repo);
    return 'ready';
  }

  private async download(entry: CatalogueEntry, target: string, repo: SpeechModelsRepository): Promise<ProvisionOutcome> {
    const url = modelUrl(this.options.baseUrl, entry);
    this.options.log?.(`speech model ${entry.name}: downloading ${url}`);
    await repo.saveModel(entry.name, { state: 'downloading', bytesTotal: entry.sizeBytes, error: null, rateBytesPerSecond: null });
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    try {
      await downloadModel(
        {
          entry,
          url,
          target,
          io: this.options.io,
          retryDelayMs: this.options.retryDelayMs,
          onProgress: (p) => {
            if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = Date.now();
            writing = writing
              .then(() =>
                repo.saveModel(entry.name, { bytesDone: p.bytesDone, bytesTotal: p.bytesTotal, rateBytesPerSecond: p.rateBytesPerSecond }),
              )
              .catch(() => undefined);
          },
        },
        () => {
          writing = writing
            .then(() => repo.saveModel(entry.name, { state: 'verifying', bytesDone: entry.sizeBytes }))
            .catch(() => undefined);
        },
      );
      await writing;
      await this.markReady(entry, target, repo);
      this.options.log?.(`speech model ${entry.name}: verified and ready`);
      return 'ready';
    } catch (error) {
      await writing;
      const message = error instanceof ModelDownloadError ? error.message : SPEECH_MODEL_MESSAGES.downloadFailed(entry.name, String(error));
      this.options.log?.(message);
      const part = await stat(partPathOf(target)).catch(() => null);
      await repo.saveModel(entry.name, { state: 'failed', error: message, bytesDone: part?.size ?? 0, rateBytesPerSecond: null });
      return 'failed';
    }
  }

  private async markReady(entry: CatalogueEntry, target: string, repo: SpeechModelsRepository): Promise<void> {
    const info = await stat(target);
    await repo.saveModel(entry.name, {
      state: 'ready',
      error: null,
      bytesDone: info.size,
      bytesTotal: entry.sizeBytes,
      rateBytesPerSecond: null,
      verifiedSize: info.size,
      verifiedMtimeMs: Math.round(info.mtimeMs),
    });
  }

  /** Removes a model's file and any partial download, and forgets its state. */
  async remove(name: TSpeechModelName): Promise<void> {
    const target = modelFileOf(this.options.modelsDir, this.options.catalogue[name]);
    await rm(target, { force: true });
    await rm(partPathOf(target), { force: true });
    await this.options.repository().saveModel(name, {
      state: 'absent',
      bytesDone: 0,
      error: null,
      rateBytesPerSecond: null,
      verifiedSize: null,
      verifiedMtimeMs: null,
    });
  }
}
