import { readdirSync } from 'node:fs';
import path from 'node:path';
import { storageDir } from '../../src/config.ts';
import { testConfig } from './fixtures.ts';

/** The names of the files under the music library's own folder (uploaded and imported beds) of a server on `dataDir`. */
export function uploadedMusicFiles(dataDir: string): string[] {
  const dir = path.join(storageDir(testConfig('', { DATA_DIR: dataDir })), 'music', 'uploads');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}
