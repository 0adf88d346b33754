import { Migration } from '@mikro-orm/migrations';

/**
 * Drafts and schedules made by the Episode Creator were stored with visibility 'unpublished', so
 * publishing them with 'No change' left a published episode out of the feed. The visibility is the
 * one an episode goes live with: those not yet published get 'public' again (a published one keeps
 * what it has; Episode History now shows it).
 */
export class Migration20261125154130_draft_visibility extends Migration {
  override name = 'Migration20261125154130_draft_visibility';

  override up(): void | Promise<void> {
    this.addSql(
      `update "episodes" set "visibility" = 'public' where "visibility" = 'unpublished' and "publish_mode" in ('draft', 'schedule') and "status" not in ('published', 'scheduled');`,
    );
  }

  override down(): void | Promise<void> {
    // Which drafts were hidden before is not kept: nothing to restore.
    this.addSql(`select 1;`);
  }
}
