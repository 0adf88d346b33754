import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121131837_initial } from './Migration20261121131837_initial.ts';
import { Migration20261121132817_user_disabled_at } from './Migration20261121132817_user_disabled_at.ts';
import { Migration20261121134723_media_transcripts_notifications } from './Migration20261121134723_media_transcripts_notifications.ts';
import { Migration20261121140629_podcasts_episodes } from './Migration20261121140629_podcasts_episodes.ts';
import { Migration20261121141005_rss_import } from './Migration20261121141005_rss_import.ts';
import { Migration20261121141147_templates_speech } from './Migration20261121141147_templates_speech.ts';
import { Migration20261121141509_publishing_hosts } from './Migration20261121141509_publishing_hosts.ts';
import { Migration20261121143607_assembly_billing } from './Migration20261121143607_assembly_billing.ts';
import { Migration20261121144901_music_assets } from './Migration20261121144901_music_assets.ts';
import { Migration20261123164344_creator_intern_answers_publish_outcome } from './Migration20261123164344_creator_intern_answers_publish_outcome.ts';
import { Migration20261123181000_episode_tags_array } from './Migration20261123181000_episode_tags_array.ts';
import { Migration20261124142338_recurring_slot_repeat } from './Migration20261124142338_recurring_slot_repeat.ts';
import { Migration20261124142556_rss_mirror_owner } from './Migration20261124142556_rss_mirror_owner.ts';
import { Migration20261124143135_rss_mirror_sidecars } from './Migration20261124143135_rss_mirror_sidecars.ts';
import { Migration20261124143913_rss_content_keys } from './Migration20261124143913_rss_content_keys.ts';
import { Migration20261124151500_rss_import_host_total } from './Migration20261124151500_rss_import_host_total.ts';
import { Migration20261125122804_billing_payments } from './Migration20261125122804_billing_payments.ts';
import { Migration20261125124500_one_time_grants } from './Migration20261125124500_one_time_grants.ts';
import { Migration20261125134000_websites } from './Migration20261125134000_websites.ts';
import { Migration20261125140000_admin_waitlist_audit } from './Migration20261125140000_admin_waitlist_audit.ts';
import { Migration20261125154130_draft_visibility } from './Migration20261125154130_draft_visibility.ts';
import { Migration20261128053500_ab_workspace } from './Migration20261128053500_ab_workspace.ts';
import { Migration20261128060500_media_declared_duration } from './Migration20261128060500_media_declared_duration.ts';
import { Migration20261128071500_unfinished_uploads } from './Migration20261128071500_unfinished_uploads.ts';
import { Migration20261128083000_transcript_corrections } from './Migration20261128083000_transcript_corrections.ts';
import { Migration20261128090000_notification_links } from './Migration20261128090000_notification_links.ts';
import { Migration20261128100000_notify_addresses } from './Migration20261128100000_notify_addresses.ts';
import { Migration20261207113500_transcript_model } from './Migration20261207113500_transcript_model.ts';
import { Migration20261207114500_speech_models } from './Migration20261207114500_speech_models.ts';
import { Migration20261207160000_teams } from './Migration20261207160000_teams.ts';
import { Migration20261207161500_finished_uploads } from './Migration20261207161500_finished_uploads.ts';
import { Migration20261207193000_custom_domain_proof } from './Migration20261207193000_custom_domain_proof.ts';
import { Migration20261207194500_session_revocations } from './Migration20261207194500_session_revocations.ts';
import { Migration20261207195500_podcasting20 } from './Migration20261207195500_podcasting20.ts';

/** Every migration, in order. New files are created by `pnpm --filter @ppp/server migration:create <name>`. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121131837_initial', class: Migration20261121131837_initial },
  { name: 'Migration20261121132817_user_disabled_at', class: Migration20261121132817_user_disabled_at },
  { name: 'Migration20261121134723_media_transcripts_notifications', class: Migration20261121134723_media_transcripts_notifications },
  { name: 'Migration20261121140629_podcasts_episodes', class: Migration20261121140629_podcasts_episodes },
  { name: 'Migration20261121141005_rss_import', class: Migration20261121141005_rss_import },
  { name: 'Migration20261121141147_templates_speech', class: Migration20261121141147_templates_speech },
  { name: 'Migration20261121141509_publishing_hosts', class: Migration20261121141509_publishing_hosts },
  { name: 'Migration20261121143607_assembly_billing', class: Migration20261121143607_assembly_billing },
  { name: 'Migration20261121144901_music_assets', class: Migration20261121144901_music_assets },
  {
    name: 'Migration20261123164344_creator_intern_answers_publish_outcome',
    class: Migration20261123164344_creator_intern_answers_publish_outcome,
  },
  { name: 'Migration20261123181000_episode_tags_array', class: Migration20261123181000_episode_tags_array },
  { name: 'Migration20261124142338_recurring_slot_repeat', class: Migration20261124142338_recurring_slot_repeat },
  { name: 'Migration20261124142556_rss_mirror_owner', class: Migration20261124142556_rss_mirror_owner },
  { name: 'Migration20261124143135_rss_mirror_sidecars', class: Migration20261124143135_rss_mirror_sidecars },
  { name: 'Migration20261124143913_rss_content_keys', class: Migration20261124143913_rss_content_keys },
  { name: 'Migration20261124151500_rss_import_host_total', class: Migration20261124151500_rss_import_host_total },
  { name: 'Migration20261125122804_billing_payments', class: Migration20261125122804_billing_payments },
  { name: 'Migration20261125124500_one_time_grants', class: Migration20261125124500_one_time_grants },
  { name: 'Migration20261125134000_websites', class: Migration20261125134000_websites },
  { name: 'Migration20261125140000_admin_waitlist_audit', class: Migration20261125140000_admin_waitlist_audit },
  { name: 'Migration20261125154130_draft_visibility', class: Migration20261125154130_draft_visibility },
  { name: 'Migration20261128053500_ab_workspace', class: Migration20261128053500_ab_workspace },
  { name: 'Migration20261128060500_media_declared_duration', class: Migration20261128060500_media_declared_duration },
  { name: 'Migration20261128071500_unfinished_uploads', class: Migration20261128071500_unfinished_uploads },
  { name: 'Migration20261128083000_transcript_corrections', class: Migration20261128083000_transcript_corrections },
  { name: 'Migration20261128090000_notification_links', class: Migration20261128090000_notification_links },
  { name: 'Migration20261128100000_notify_addresses', class: Migration20261128100000_notify_addresses },
  { name: 'Migration20261207113500_transcript_model', class: Migration20261207113500_transcript_model },
  { name: 'Migration20261207114500_speech_models', class: Migration20261207114500_speech_models },
  { name: 'Migration20261207160000_teams', class: Migration20261207160000_teams },
  { name: 'Migration20261207161500_finished_uploads', class: Migration20261207161500_finished_uploads },
  { name: 'Migration20261207193000_custom_domain_proof', class: Migration20261207193000_custom_domain_proof },
  { name: 'Migration20261207194500_session_revocations', class: Migration20261207194500_session_revocations },
  { name: 'Migration20261207195500_podcasting20', class: Migration20261207195500_podcasting20 },
];
