import { Migration } from '@mikro-orm/migrations';

/**
 * An imported episode's artwork, transcripts and chapters are copied by the mirror job on their own
 * (they were fetched only after the audio, so a failed audio copy lost them): sidecars_pending marks
 * what is still to copy, mirror_skipped what was refused or could not be fetched, and why.
 */
export class Migration20261124143135_rss_mirror_sidecars extends Migration {
  override name = 'Migration20261124143135_rss_mirror_sidecars';

  override up(): void | Promise<void> {
    this.addSql(`alter table "episodes" add "sidecars_pending" boolean not null default false, add "mirror_skipped" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "episodes" drop column "sidecars_pending", drop column "mirror_skipped";`);
  }
}
