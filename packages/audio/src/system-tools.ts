import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface SystemTool {
  name: string;
  /** The Debian package that provides it. */
  debianPackage: string;
  path: string | null;
}

const TOOLS: { name: string; debianPackage: string }[] = [
  { name: 'ffmpeg', debianPackage: 'ffmpeg' },
  { name: 'ffprobe', debianPackage: 'ffmpeg' },
  { name: 'espeak-ng', debianPackage: 'espeak-ng' },
  { name: 'pocketsphinx_continuous', debianPackage: 'pocketsphinx' },
];

/** Finds an executable on PATH, or null. */
export function which(name: string, envPath = process.env.PATH ?? ''): string | null {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The outside programs the audio engines use, and whether each is installed. */
export function findSystemTools(envPath?: string): SystemTool[] {
  return TOOLS.map((t) => ({ ...t, path: which(t.name, envPath) }));
}
