import { Migration } from '@mikro-orm/migrations';

export class Migration20261123164344_creator_intern_answers_publish_outcome extends Migration {
  override name = 'Migration20261123164344_creator_intern_answers_publish_outcome';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "intern_answers" ("id" uuid not null, "user_id" uuid not null, "upload_id" uuid not null, "command_id" varchar(80) not null, "intern_index" int not null, "start_s" double precision not null, "end_s" double precision not null, "prompt_text" text not null, "response_text" text not null, "override_text" text null, "quoted" boolean not null default false, "voice_id" varchar(200) not null, "answer_media_id" uuid null, "regenerate_count" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "intern_answers_user_id_index" on "intern_answers" ("user_id");`);
    this.addSql(`alter table "intern_answers" add constraint "intern_answers_upload_command_unique" unique ("upload_id", "command_id");`);

    this.addSql(`alter table "episodes" add "publish_outcome" jsonb null;`);

    this.addSql(
      `alter table "intern_answers" add constraint "intern_answers_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "intern_answers" add constraint "intern_answers_upload_id_foreign" foreign key ("upload_id") references "media_items" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "intern_answers" add constraint "intern_answers_answer_media_id_foreign" foreign key ("answer_media_id") references "media_items" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "intern_answers" cascade;`);

    this.addSql(`alter table "episodes" drop column "publish_outcome";`);
  }
}
