import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A copy that does not fit in the scratch folder's limit (SCRATCH_MAX_MB). `fits` says whether it
 * ever could: when it is only waiting for other jobs' copies to go, a later retry can succeed.
 */
export class ScratchFullError extends Error {
  readonly fits: boolean;
  constructor(name: string, bytes: number, used: number, max: number) {
    const fits = bytes <= max;
    super(
      fits
        ? `Not enough room in this worker's scratch folder for ${name} (${megabytes(bytes)}): ${megabytes(used)} of its ${megabytes(max)} limit (SCRATCH_MAX_MB) are taken by other jobs; the job is tried again later`
        : `${name} (${megabytes(bytes)}) is larger than this worker's scratch folder may hold (${megabytes(max)}, SCRATCH_MAX_MB): raise SCRATCH_MAX_MB to process it`,
    );
    this.name = 'ScratchFullError';
    this.fits = fits;
  }
}

/**
 * A process's scratch folder on this machine: stored files that ffmpeg must read are copied here
 * and removed when the work is done. Each process has its own folder ({pid}-{random}); the first
 * use also removes the folders of processes that are no longer running (a crashed worker's copies).
 * Copies are counted against `maxBytes` before they are written, so the folder never holds more.
 */
export class ScratchFolder {
  readonly root: string;
  readonly dir: string;
  readonly maxBytes: number;
  private used = 0;
  private ready: Promise<void> | null = null;

  constructor(root: string, maxBytes = Number.POSITIVE_INFINITY) {
    this.root = path.resolve(root);
    this.dir = path.join(this.root, `${process.pid}-${randomBytes(4).toString('hex')}`);
    this.maxBytes = maxBytes;
  }

  /** Bytes reserved by copies not yet released. */
  get usedBytes(): number {
    return this.used;
  }

  /** A fresh path in this process's folder, ending in the given name (its extension kept for ffmpeg). */
  async pathFor(name: string): Promise<string> {
    this.ready ??= this.prepare();
    await this.ready;
    return path.join(this.dir, `${randomBytes(6).toString('hex')}-${path.basename(name)}`);
  }

  /**
   * A path for a copy of `bytes` bytes, counted against the limit until `release` (which also removes
   * the file); throws ScratchFullError, writing nothing, when it does not fit.
   */
  async reserve(name: string, bytes: number): Promise<{ path: string; release: () => Promise<void> }> {
    if (this.used + bytes > this.maxBytes) throw new ScratchFullError(name, bytes, this.used, this.maxBytes);
    this.used += bytes;
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      await rm(file, { force: true });
    };
    let file = '';
    try {
      file = await this.pathFor(name);
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, release };
  }

  private async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const entries = await readdir(this.root).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const pid = Number(/^(\d+)-[0-9a-f]+$/.exec(entry)?.[1]);
        if (pid && pid !== process.pid && !isAlive(pid)) await rm(path.join(this.root, entry), { recursive: true, force: true });
      }),
    );
  }

  /** Removes this process's folder (on shutdown). */
  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * A job's own work folder under the scratch root (ffmpeg's outputs, a working copy), named like a
 * process's folder ({pid}-{random}) so that the folders a crashed process left are removed by the
 * next process that makes one, as its copies are. remove() when the job ends, however it ends.
 */
export async function workFolder(root: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const folder = new ScratchFolder(root);
  await folder.pathFor('work');
  return { dir: folder.dir, remove: () => folder.dispose() };
}
