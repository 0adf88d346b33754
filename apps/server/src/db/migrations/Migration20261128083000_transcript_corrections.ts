import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18: a creator corrects words of a transcript (text only, times kept). Beside the corrected
 * words, the transcript keeps what the engine heard at each corrected position.
 */
export class Migration20261128083000_transcript_corrections extends Migration {
  override name = 'Migration20261128083000_transcript_corrections';

  override up(): void | Promise<void> {
    this.addSql(`alter table "transcripts" add column "corrections" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "transcripts" drop column "corrections";`);
  }
}
