import { statfs } from 'node:fs/promises';
import { locateFfmpeg, runProcess } from '@ppp/audio';
import type { TAdminSummary, TAdminSystemStatus } from '@ppp/contracts';
import type { AdminOverviewRepository } from './admin-overview.repository.ts';

let ffmpegVersion: Promise<string | null> | null = null;

/** The first line of `ffmpeg -version` ("ffmpeg version 7.1.1-1 ..."), asked once per process. */
function readFfmpegVersion(): Promise<string | null> {
  ffmpegVersion ??= (async () => {
    try {
      const { stdout } = await runProcess(locateFfmpeg().ffmpeg, ['-version']);
      return /^ffmpeg version (\S+)/.exec(stdout)?.[1] ?? null;
    } catch {
      return null;
    }
  })();
  return ffmpegVersion;
}

async function diskOf(dir: string): Promise<{ free: number; total: number } | null> {
  try {
    const stats = await statfs(dir);
    return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}

function startOfTodayUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The admin panel's Dashboard Overview: the spec's counts and the instance's live state. */
export class AdminOverviewService {
  private readonly repo: AdminOverviewRepository;
  private readonly storageDir: string;
  constructor(repo: AdminOverviewRepository, storageDir: string) {
    this.repo = repo;
    this.storageDir = storageDir;
  }

  summary(): Promise<TAdminSummary> {
    return this.repo.summary();
  }

  async status(now = new Date()): Promise<TAdminSystemStatus> {
    const database = await this.repo.databaseAnswers();
    const [episodesToday, queues, workerLastSeen, disk, ffmpeg] = await Promise.all([
      database ? this.repo.episodesCreatedSince(startOfTodayUtc(now)) : 0,
      database ? this.repo.queueCounts() : [],
      database ? this.repo.workerLastSeen() : null,
      diskOf(this.storageDir),
      readFfmpegVersion(),
    ]);
    return {
      episodes_today: episodesToday,
      uptime_seconds: Math.round(process.uptime()),
      database: database ? 'ok' : 'down',
      worker_last_seen: workerLastSeen,
      queues,
      failed_jobs: queues.reduce((n, q) => n + q.failed, 0),
      disk_free_bytes: disk?.free ?? null,
      disk_total_bytes: disk?.total ?? null,
      ffmpeg_version: ffmpeg,
    };
  }
}
