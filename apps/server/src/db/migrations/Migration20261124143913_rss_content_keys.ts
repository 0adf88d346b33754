import { Migration } from '@mikro-orm/migrations';

/**
 * Imported items with no guid, enclosure or link were keyed by their place in the feed
 * ('title|date|index'), so a re-import after the feed grew added them again. Their key becomes the
 * one the parser now gives them, 'title|date|sha256 of the show notes' (the notes as stored, which
 * are the feed's sanitised notes). A row whose new key another row of the show already holds keeps
 * its old one rather than break the unique key. guid is left alone: podcast apps know it.
 */
export class Migration20261124143913_rss_content_keys extends Migration {
  override name = 'Migration20261124143913_rss_content_keys';

  override up(): void | Promise<void> {
    this.addSql(`with rekeyed as (
      select "id", "podcast_id",
        regexp_replace("import_key", '\\|[0-9]+$', '') || '|' || encode(sha256(convert_to("description", 'UTF8')), 'hex') as "key"
      from "episodes"
      where "import_key" ~ '^.*\\|([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z|)\\|[0-9]+$'
    ), ranked as (
      select r.*, encode(sha256(convert_to(r."key", 'UTF8')), 'hex') as "hash",
        row_number() over (partition by r."podcast_id", r."key" order by r."id") as "n"
      from rekeyed r
    )
    update "episodes" e set "import_key" = r."key", "import_key_hash" = r."hash"
    from ranked r
    where e."id" = r."id" and r."n" = 1
      and not exists (select 1 from "episodes" o where o."podcast_id" = r."podcast_id" and o."import_key_hash" = r."hash");`);
  }

  override down(): void | Promise<void> {
    // The feed positions the old keys held are not kept: nothing to restore.
  }
}
