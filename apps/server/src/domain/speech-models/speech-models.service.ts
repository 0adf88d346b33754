import { stat } from 'node:fs/promises';
import path from 'node:path';
import { chooseEngine, createWhisperCppEngine, NoEngineAvailableError, type TranscriptionEngine } from '@ppp/audio';
import {
  isSpeechModelName,
  SPEECH_MODEL_MESSAGES,
  SPEECH_MODEL_NAMES,
  type TAdminSpeechStatus,
  type TSpeechEngineStatus,
  type TSpeechModelName,
  type TSpeechModelRequest,
  type TSpeechModelStatus,
} from '@ppp/contracts';
import { modelsDir, whisperAutoDownload, type TConfig } from '../../config.ts';
import { AppError } from '../errors.ts';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import { partPathOf } from './downloader.ts';
import { transcriptionEngines } from './engines.ts';
import { checkGgmlFile } from './model-check.ts';
import { modelFileOf, verifiedFile, type ModelProvisioner, type ProvisionOutcome } from './model-provisioner.ts';
import { measureRealtimeFactor } from './realtime-measure.ts';
import type { SpeechModelRow, SpeechModelsRepository } from './speech-models.repository.ts';

/** The whisper.cpp model new transcriptions use: its file when ready, else why there is none. */
export interface ActiveModel {
  file: string | null;
  /** The catalogue name, or the override file's base name ('base.en' of ggml-base.en.bin). */
  model: string | null;
  reason: string | null;
}

export interface SpeechModelsDeps {
  config: TConfig;
  catalogue: Catalogue;
  repository: SpeechModelsRepository;
  provisioner: ModelProvisioner;
}

/** A download or check writes its row at least every few seconds; one silent this long died with its process. */
const STALE_AFTER_MS = 5 * 60_000;

/** The row as it stands: a download or check whose process stopped is a failure that can be resumed. */
function settled(row: SpeechModelRow | null): SpeechModelRow | null {
  if (!row || (row.state !== 'downloading' && row.state !== 'verifying')) return row;
  if (Date.now() - row.updatedAt.getTime() < STALE_AFTER_MS) return row;
  return { ...row, state: 'failed', rateBytesPerSecond: null, error: SPEECH_MODEL_MESSAGES.interrupted(row.name) };
}

const sizeOnDisk = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => null,
  );

/** ggml-base.en.bin → base.en; another name stays as it is, less its extension. */
export const modelNameOfFile = (file: string) =>
  path
    .basename(file)
    .replace(/\.bin$/, '')
    .replace(/^ggml-/, '');

/** The speech model manager (issue 32): which whisper.cpp model is active, its download and checks, the engine in use. */
export class SpeechModelsService {
  private readonly deps: SpeechModelsDeps;
  constructor(deps: SpeechModelsDeps) {
    this.deps = deps;
  }

  private entryOf(name: string): CatalogueEntry {
    if (!isSpeechModelName(name)) throw new AppError('VALIDATION', SPEECH_MODEL_MESSAGES.unknownModel(name));
    return this.deps.catalogue[name];
  }

  private async activeName(): Promise<TSpeechModelName> {
    const chosen = (await this.deps.repository.engine()).activeModel;
    return chosen && isSpeechModelName(chosen) ? chosen : this.deps.config.WHISPER_MODEL;
  }

  private fileOf(name: TSpeechModelName): string {
    return modelFileOf(modelsDir(this.deps.config), this.deps.catalogue[name]);
  }

  /** On server start: the active model checked, and downloaded in the background when missing and allowed. */
  provisionOnStart(): Promise<ProvisionOutcome> {
    if (this.deps.config.WHISPER_MODEL_PATH) return Promise.resolve('absent');
    return this.activeName().then((name) => this.deps.provisioner.provision(name, whisperAutoDownload(this.deps.config)));
  }

  /** The model file the worker loads now; asked per job, so a download that finishes meanwhile is used at once. */
  async activeModel(): Promise<ActiveModel> {
    const override = this.deps.config.WHISPER_MODEL_PATH;
    if (override) {
      const problem = await checkGgmlFile(override);
      return problem
        ? { file: null, model: null, reason: SPEECH_MODEL_MESSAGES.overrideBad(problem) }
        : { file: override, model: modelNameOfFile(override), reason: null };
    }
    const name = await this.activeName();
    const row = settled(await this.deps.repository.model(name));
    const file = this.fileOf(name);
    if (await verifiedFile(file, row)) return { file, model: name, reason: null };
    return { file: null, model: null, reason: this.missingReason(name, row) };
  }

  private missingReason(name: TSpeechModelName, row: SpeechModelRow | null): string {
    if (row?.state === 'downloading') {
      return SPEECH_MODEL_MESSAGES.downloading(name, row.bytesTotal ? Math.floor((100 * row.bytesDone) / row.bytesTotal) : 0);
    }
    if (row?.state === 'verifying') return SPEECH_MODEL_MESSAGES.verifying(name);
    if (row?.state === 'failed' && row.error) return row.error;
    return whisperAutoDownload(this.deps.config) ? SPEECH_MODEL_MESSAGES.notPresent(name) : SPEECH_MODEL_MESSAGES.autoDownloadOff;
  }

  /** The engine the worker would choose now, among the same engines. */
  private async chosenEngine(
    active: ActiveModel,
  ): Promise<{ engine: TranscriptionEngine | null; whisper: ReturnType<typeof createWhisperCppEngine> }> {
    const { config } = this.deps;
    const whisper = createWhisperCppEngine({ modelPath: active.file ?? undefined, language: config.TRANSCRIBE_LANGUAGE ?? 'auto' });
    try {
      return { engine: await chooseEngine(config.TRANSCRIPTION_ENGINES, transcriptionEngines(config, whisper, [])), whisper };
    } catch (error) {
      if (error instanceof NoEngineAvailableError) return { engine: null, whisper };
      throw error;
    }
  }

  private engineStatus(engine: TranscriptionEngine | null, active: ActiveModel): TSpeechEngineStatus {
    const { config } = this.deps;
    if (!engine) return { name: null, model: null, fallback: false, reason: active.reason ?? SPEECH_MODEL_MESSAGES.noEngine };
    const model = engine.name === 'whisper.cpp' ? active.model : engine.name === 'openai-compatible' ? config.TRANSCRIBE_MODEL : 'en-us';
    if (engine.name === 'whisper.cpp') return { name: engine.name, model, fallback: false, reason: null };
    const order = config.TRANSCRIPTION_ENGINES;
    const reason =
      order.length > 0 && !order.includes('whisper.cpp')
        ? SPEECH_MODEL_MESSAGES.engineOrder
        : (active.reason ?? SPEECH_MODEL_MESSAGES.whisperUnavailable);
    return { name: engine.name, model, fallback: engine.name === 'pocketsphinx', reason };
  }

  private async modelStatus(name: TSpeechModelName, row: SpeechModelRow | undefined, active: boolean): Promise<TSpeechModelStatus> {
    const entry = this.deps.catalogue[name];
    const file = this.fileOf(name);
    const onDisk = (await sizeOnDisk(file)) ?? (await sizeOnDisk(partPathOf(file)));
    const downloading = row?.state === 'downloading';
    const rate = downloading ? (row.rateBytesPerSecond ?? null) : null;
    return {
      name,
      size_bytes: entry.sizeBytes,
      multilingual: entry.multilingual,
      quantised: entry.quantised,
      state: row?.state ?? 'absent',
      bytes_done: row?.bytesDone ?? 0,
      bytes_total: row?.bytesTotal || entry.sizeBytes,
      rate_bytes_per_second: rate,
      eta_seconds: rate && row ? Math.max(0, Math.round((row.bytesTotal - row.bytesDone) / rate)) : null,
      error: row?.error ?? null,
      on_disk_bytes: onDisk,
      active,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  async status(): Promise<TAdminSpeechStatus> {
    const { config, repository } = this.deps;
    const [activeName, rows, engineRow, active] = await Promise.all([
      this.activeName(),
      repository.models(),
      repository.engine(),
      this.activeModel(),
    ]);
    const { engine } = await this.chosenEngine(active);
    const byName = new Map(rows.map((r) => [r.name, settled(r) ?? undefined]));
    return {
      engine: this.engineStatus(engine, active),
      active_model: activeName,
      override_path: config.WHISPER_MODEL_PATH || null,
      auto_download: whisperAutoDownload(config),
      models_dir: modelsDir(config),
      models: await Promise.all(SPEECH_MODEL_NAMES.map((name) => this.modelStatus(name, byName.get(name), name === activeName))),
      measurement:
        engineRow.realtimeFactor !== null && engineRow.measuredEngine && engineRow.measuredAt
          ? {
              engine: engineRow.measuredEngine,
              model: engineRow.measuredModel,
              realtime_factor: engineRow.realtimeFactor,
              audio_seconds: engineRow.audioSeconds ?? 0,
              processing_seconds: engineRow.processingSeconds ?? 0,
              measured_at: engineRow.measuredAt.toISOString(),
            }
          : null,
    };
  }

  /**
   * Makes the model the active one: at once when it is ready, else after it has been downloaded (or
   * the file placed by hand has been checked) in the background; the status shows the progress.
   */
  async switchTo({ name }: TSpeechModelRequest): Promise<TAdminSpeechStatus> {
    const entry = this.entryOf(name);
    const { repository, provisioner } = this.deps;
    if (await verifiedFile(this.fileOf(entry.name), await repository.model(entry.name))) {
      await repository.setActiveModel(entry.name);
      return this.status();
    }
    const present = (await sizeOnDisk(this.fileOf(entry.name))) !== null;
    await repository.saveModel(entry.name, { state: present ? 'verifying' : 'downloading', bytesTotal: entry.sizeBytes, error: null });
    void provisioner
      .provision(entry.name, true)
      .then((outcome) => (outcome === 'ready' ? repository.setActiveModel(entry.name) : undefined))
      .catch(() => undefined);
    return this.status();
  }

  /** Deletes a model's file (and partial download); never the active one. */
  async remove({ name }: TSpeechModelRequest): Promise<TAdminSpeechStatus> {
    const entry = this.entryOf(name);
    if (!this.deps.config.WHISPER_MODEL_PATH && entry.name === (await this.activeName())) {
      throw new AppError('CONFLICT', SPEECH_MODEL_MESSAGES.deleteActive);
    }
    if (settled(await this.deps.repository.model(entry.name))?.state === 'downloading') {
      throw new AppError('CONFLICT', SPEECH_MODEL_MESSAGES.deleteDownloading(entry.name));
    }
    await this.deps.provisioner.remove(entry.name);
    return this.status();
  }

  /** Measures the current engine's realtime factor on a short clip of speech and keeps the result. */
  async measure(): Promise<TAdminSpeechStatus> {
    const active = await this.activeModel();
    const { engine, whisper } = await this.chosenEngine(active);
    try {
      if (!engine) throw new AppError('CONFLICT', SPEECH_MODEL_MESSAGES.measureFailed(SPEECH_MODEL_MESSAGES.noEngine));
      const m = await measureRealtimeFactor(engine).catch((error: unknown) => {
        throw new AppError('CONFLICT', SPEECH_MODEL_MESSAGES.measureFailed(error instanceof Error ? error.message : String(error)));
      });
      await this.deps.repository.saveMeasurement({ engine: engine.name, model: this.engineStatus(engine, active).model, ...m });
    } finally {
      await whisper.release();
    }
    return this.status();
  }
}
