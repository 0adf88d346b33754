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

/**
 * A process's scratch folder on this machine: stored files that ffmpeg must read are copied here
 * and removed when the work is done. Each process has its own folder ({pid}-{random}); the first
 * use also removes the folders of processes that are no longer running (a crashed worker's copies).
 */
export class ScratchFolder {
  readonly root: string;
  readonly dir: string;
  private ready: Promise<void> | null = null;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.dir = path.join(this.root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** A fresh path in this process's folder, ending in the given name (its extension kept for ffmpeg). */
  async pathFor(name: string): Promise<string> {
    this.ready ??= this.prepare();
    await this.ready;
    return path.join(this.dir, `${randomBytes(6).toString('hex')}-${path.basename(name)}`);
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
