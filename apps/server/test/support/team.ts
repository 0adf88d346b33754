/** The people of the teams tests: an Enterprise owner with an admin, an editor and a viewer in their workspace, and an outsider. */
import type { MikroORM } from '@mikro-orm/postgresql';
import { TEAM, type TTeamRole } from '@ppp/contracts';
import type { TestServer, TestUser } from './http.ts';
import { approvedUser, twoUsers } from './http.ts';

export interface TeamPeople {
  /** The instance's first account (an admin of the instance: it approves the others and reads the mail outbox). */
  instanceAdmin: TestUser;
  owner: TestUser;
  admin: TestUser;
  editor: TestUser;
  viewer: TestUser;
  outsider: TestUser;
}

/** Makes the user an Enterprise customer (the tier that sells multi-user accounts). */
export async function makeEnterprise(orm: MikroORM, userId: string): Promise<void> {
  await orm.em.getConnection().execute(`update users set tier = 'enterprise' where id = ?`, [userId]);
}

/** Puts `member` into `owner`'s workspace with a role (as an accepted invitation does), optionally limited to shows. */
export async function addMember(
  orm: MikroORM,
  ownerId: string,
  memberId: string,
  role: TTeamRole,
  podcastIds: string[] | null = null,
): Promise<void> {
  await orm.em
    .getConnection()
    .execute(
      `insert into workspace_members (id, owner_id, member_id, role, podcast_ids, invited_by, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?, now())`,
      [ownerId, memberId, role, podcastIds === null ? null : JSON.stringify(podcastIds), ownerId],
    );
}

/** The owner (an ordinary creator on Enterprise), three members by role and an outsider. */
export async function teamPeople(api: TestServer, orm: MikroORM): Promise<TeamPeople> {
  const { admin: instanceAdmin, user: owner } = await twoUsers(api);
  const [admin, editor, viewer, outsider] = [
    await approvedUser(api, instanceAdmin.token, 'team-admin'),
    await approvedUser(api, instanceAdmin.token, 'team-editor'),
    await approvedUser(api, instanceAdmin.token, 'team-viewer'),
    await approvedUser(api, instanceAdmin.token, 'team-outsider'),
  ];
  await makeEnterprise(orm, owner.id);
  await addMember(orm, owner.id, admin.id, 'admin');
  await addMember(orm, owner.id, editor.id, 'editor');
  await addMember(orm, owner.id, viewer.id, 'viewer');
  return { instanceAdmin, owner, admin, editor, viewer, outsider };
}

/** The header that acts in `owner`'s workspace. */
export const inWorkspaceOf = (owner: { id: string }) => ({ [TEAM.workspaceHeader]: owner.id });
