/**
 * Teams (issue 34), the one permission rule: a call acting in another's workspace is answered by
 * role (viewer reads, editor edits, admin manages), an outsider still gets 404, a chosen workspace the
 * caller is not in is 403, a member limited to shows sees only those, and a downgraded owner's members
 * read for the grace period only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEAM, TEAM_MESSAGES } from '@ppp/contracts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, startApiBed, type ApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedShow } from '../support/episodes.ts';
import { errorOf } from '../support/http.ts';
import { addMember, inWorkspaceOf, teamPeople, type TeamPeople } from '../support/team.ts';

let bed: ApiBed;
let storage: ReturnType<typeof tempDir>;
let people: TeamPeople;
let show: string;
let otherShow: string;
const ZShows = z.array(z.object({ id: z.string(), name: z.string() }));

beforeAll(async () => {
  storage = tempDir('workspace-access');
  bed = await startApiBed({ STORAGE_DIR: storage.dir });
  people = await teamPeople(bed.api, bed.orm);
  const files = new LocalStorage(storage.dir);
  show = await seedShow(bed.orm, files, people.owner.id, 'Owner Show One', null);
  otherShow = await seedShow(bed.orm, files, people.owner.id, 'Owner Show Two', null);
}, 120_000);

afterAll(async () => {
  await closeApiBed({ ...bed, storage });
});

const get = (token: string, path: string, headers: Record<string, string> = {}) => bed.api.request('GET', path, { token, headers });

describe('acting in another workspace', () => {
  it('lets every member read a show by id, and an outsider still gets 404', async () => {
    for (const member of [people.admin, people.editor, people.viewer]) {
      const res = await get(member.token, `/api/podcasts/${show}`);
      expect(res.status, member.email).toBe(200);
    }
    expect((await get(people.outsider.token, `/api/podcasts/${show}`)).status).toBe(404);
  });

  it('answers a role without the action 403 naming the role, and changes nothing', async () => {
    const res = await bed.api.request('DELETE', `/api/podcasts/${show}`, { token: people.editor.token });
    expect(res.status).toBe(403);
    expect(errorOf(res).detail).toBe(TEAM_MESSAGES.roleForbids('editor', 'manage'));
    expect((await get(people.owner.token, `/api/podcasts/${show}`)).status).toBe(200);
    const viewerDelete = await bed.api.request('DELETE', `/api/podcasts/${show}`, { token: people.viewer.token });
    expect(viewerDelete.status).toBe(403);
  });

  it('lists the chosen workspace with the header, and refuses a workspace the caller is not in', async () => {
    const mine = ZShows.parse((await get(people.viewer.token, '/api/podcasts/')).body);
    expect(mine).toEqual([]);
    const theirs = ZShows.parse((await get(people.viewer.token, '/api/podcasts/', inWorkspaceOf(people.owner))).body);
    expect(theirs.map((s) => s.id).sort()).toEqual([show, otherShow].sort());
    const refused = await get(people.outsider.token, '/api/podcasts/', inWorkspaceOf(people.owner));
    expect(refused.status).toBe(403);
    expect(errorOf(refused).detail).toBe(TEAM_MESSAGES.notAMember);
  });

  it('shows a member limited to one show that show only', async () => {
    const limited = people.outsider;
    await addMember(bed.orm, people.owner.id, limited.id, 'viewer', [show]);
    const listed = ZShows.parse((await get(limited.token, '/api/podcasts/', inWorkspaceOf(people.owner))).body);
    expect(listed.map((s) => s.id)).toEqual([show]);
    expect((await get(limited.token, `/api/podcasts/${otherShow}`)).status).toBe(404);
    expect((await get(limited.token, `/api/podcasts/${show}`)).status).toBe(200);
    await bed.orm.em.getConnection().execute(`delete from workspace_members where member_id = ?`, [limited.id]);
  });

  it('keeps members reading for the grace period after the owner loses multi-user accounts, then shuts them out', async () => {
    const connection = bed.orm.em.getConnection();
    await connection.execute(`update users set tier = 'pro' where id = ?`, [people.owner.id]);
    expect((await get(people.editor.token, `/api/podcasts/${show}`)).status).toBe(200);
    const edit = await bed.api.request('DELETE', `/api/podcasts/${show}`, { token: people.admin.token });
    expect(edit.status).toBe(403);
    expect(errorOf(edit).detail).toBe(TEAM_MESSAGES.roleForbids('viewer', 'manage'));
    const graceOver = new Date(Date.now() - (TEAM.downgradeGraceDays + 1) * 86_400_000);
    await connection.execute(`update workspace_states set lapsed_at = ? where owner_id = ?`, [graceOver, people.owner.id]);
    expect((await get(people.editor.token, `/api/podcasts/${show}`)).status).toBe(404);
    await connection.execute(`update users set tier = 'enterprise' where id = ?`, [people.owner.id]);
    expect((await get(people.editor.token, `/api/podcasts/${show}`)).status).toBe(200);
  });
});
