import { Migration } from '@mikro-orm/migrations';

/**
 * Episodes created without tags were stored with the JSON string "[]" (MikroORM assigned the column
 * default '[]' to the new entity); the entity now sets an empty list. Those rows become the empty array.
 */
export class Migration20261123181000_episode_tags_array extends Migration {
  override name = 'Migration20261123181000_episode_tags_array';

  override up(): void | Promise<void> {
    this.addSql(`update "episodes" set "tags" = '[]'::jsonb where jsonb_typeof("tags") = 'string';`);
  }

  override down(): void | Promise<void> {
    // Nothing to undo: an empty array is what these rows meant.
  }
}
