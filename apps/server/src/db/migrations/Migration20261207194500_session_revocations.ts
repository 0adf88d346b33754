import { Migration } from '@mikro-orm/migrations';

/**
 * Servers keep the sessions they looked up for a few seconds (issue 38, domain/auth/session-cache.ts):
 * a deleted session (a sign-out, a password change, an account disabled) and any change to a user's
 * row are announced on the ppp_sessions channel as they commit, whichever process or statement made
 * them, so every server forgets what it kept at once.
 */
export class Migration20261207194500_session_revocations extends Migration {
  override name = 'Migration20261207194500_session_revocations';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "ppp_session_changed"() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'sessions' then
          perform pg_notify('ppp_sessions', 's:' || old."id");
        else
          perform pg_notify('ppp_sessions', 'u:' || old."id");
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "sessions_changed" after delete or update on "sessions"
      for each row execute function "ppp_session_changed"();`);
    this.addSql(`create trigger "users_changed" after delete or update on "users"
      for each row execute function "ppp_session_changed"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "users_changed" on "users";`);
    this.addSql(`drop trigger if exists "sessions_changed" on "sessions";`);
    this.addSql(`drop function if exists "ppp_session_changed"();`);
  }
}
