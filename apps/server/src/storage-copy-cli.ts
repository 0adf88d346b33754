/**
 * `pnpm storage:copy`: copies the local storage folder (STORAGE_DIR, default DATA_DIR/storage) into
 * the S3 bucket the S3_* settings name, so an instance can switch to S3 storage. Idempotent and
 * resumable: objects already in the bucket with the same size are skipped, so an interrupted run is
 * finished by running it again; every copy is checked for its size. Partial tus uploads (tus/) stay
 * behind: the S3 store keeps its own. Run it, stop the instance, run it again, then start with S3_BUCKET set.
 */
import { loadConfig, storageDir } from './config.ts';
import { copyStorage } from './backup/copy-storage.ts';
import { LocalStorage } from './domain/storage/local-storage.ts';
import { storageFor } from './domain/storage/storage-for.ts';

const config = loadConfig();
if (!config.S3_BUCKET) {
  console.error(
    'S3_BUCKET is not set: name the bucket to copy into (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE).',
  );
  process.exit(2);
}
const local = new LocalStorage(storageDir(config));
try {
  const report = await copyStorage(local, storageFor(config), {
    exclude: (key) => key.startsWith('tus/'),
    onObject: (object, action) => {
      if (action === 'copied') console.log(`copied  ${object.key} (${object.size} bytes)`);
    },
  });
  const bytes = report.copied.reduce((n, f) => n + f.size, 0);
  console.log(`${report.copied.length} copied (${bytes} bytes), ${report.skipped.length} already in ${config.S3_BUCKET}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
