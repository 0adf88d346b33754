import { scratchDir, scratchMaxBytes, storageDir, type TConfig } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { s3SettingsOf } from './s3-settings.ts';
import { ScratchFolder } from './scratch.ts';
import type { StoragePort } from './storage.ts';

/** The storage this configuration names: the S3-compatible bucket when S3_BUCKET is set, else the local folder. */
export function storageFor(config: TConfig): StoragePort {
  const s3 = s3SettingsOf(config);
  return s3 ? new S3Storage(s3, new ScratchFolder(scratchDir(config), scratchMaxBytes(config))) : new LocalStorage(storageDir(config));
}
