import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { MEDIA } from '@ppp/contracts';
import { storageDir, type TConfig } from '../../config.ts';

/** Where partial tus uploads live (a flat folder with a .json beside each file); state survives restarts. */
export function tusDirectory(config: TConfig): string {
  return path.join(storageDir(config), 'tus');
}

export function createTusFileStore(config: TConfig): FileStore {
  return new FileStore({
    directory: tusDirectory(config),
    expirationPeriodInMilliseconds: MEDIA.partialUploadExpiryHours * 60 * 60 * 1000,
  });
}
