/**
 * The DB explorer through the real HTTP stack: the tables it lists and refuses, pages of rows that
 * never carry a secret (checked over every table against the secrets really stored), changes
 * checked against the column types and recorded in the audit table, and a creator refused with 403
 * changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ADMIN_DB, ADMIN_DB_MESSAGES, ADMIN_PAGES, MESSAGES, ZAdminDbTables } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let admin: { email: string; token: string };
let creator: { email: string; token: string; id: string };

const ZPage = z.object({
  table: z.string(),
  primary_key: z.string().nullable(),
  editable: z.boolean(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), nullable: z.boolean(), hidden: z.boolean(), editable: z.boolean() })),
  rows: z.array(z.record(z.string(), z.unknown())),
  offset: z.number(),
  total: z.number(),
});
const ZAudit = z.object({
  items: z.array(
    z.object({
      admin_email: z.string(),
      table: z.string(),
      row_id: z.string(),
      action: z.string(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      created_at: z.string(),
    }),
  ),
  total: z.number(),
});

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin, user: creator } = await twoUsers(api));
}, 60_000);
afterAll(() => closeApiBed({ api, orm }));

const sql = (query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(query, params);

async function tables() {
  const res = await api.request('GET', '/api/admin/db/tables', { token: admin.token });
  expect(res.status).toBe(200);
  return ZAdminDbTables.parse(res.body).tables;
}

async function page(name: string, query = '') {
  const res = await api.request('GET', `/api/admin/db/table/${name}${query}`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return { page: ZPage.parse(res.body), text: res.text };
}

async function audit() {
  return ZAudit.parse((await api.request('GET', '/api/admin/db/audit', { token: admin.token })).body);
}

async function creatorRow() {
  const [row] = await sql('select tier, is_active, first_name from users where id = ?', [creator.id]);
  return row;
}

describe('GET /api/admin/db/tables', () => {
  it('lists the public tables, never the migration ledger or the sessions', async () => {
    const names = (await tables()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'podcasts', 'episodes', 'admin_audit_entries', 'mail_outbox']));
    expect(names).not.toContain('sessions');
    expect(names).not.toContain('mikro_orm_migrations');
    expect((await tables()).find((t) => t.name === 'admin_audit_entries')?.editable).toBe(false);
    expect((await tables()).find((t) => t.name === 'users')?.editable).toBe(true);
  });
});

describe('GET /api/admin/db/table/{name}', () => {
  it('pages rows 50 at a time with the total', async () => {
    const { page: users } = await page('users');
    expect(users).toMatchObject({ table: 'users', primary_key: 'id', offset: 0, total: 2 });
    expect(users.rows.map((r) => r.email).sort()).toEqual([admin.email, creator.email].sort());
    const { page: second } = await page('users', '?limit=1&offset=1');
    expect(second.rows).toHaveLength(1);
    expect(second.total).toBe(2);
    expect(ADMIN_PAGES.dbRows).toBe(50);
    const { page: outbox } = await page('mail_outbox');
    expect(outbox.rows.length).toBeLessThanOrEqual(50);
  });

  it('never returns a secret, checked over every table against the secrets really stored', async () => {
    const secretColumns = (await sql(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name ~* '(password|secret|token|hash|sealed|_enc$)'`,
    )) as { table_name: string; column_name: string }[];
    expect(secretColumns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining(['users.password_hash', 'email_verifications.code_hash']),
    );
    const secrets: string[] = [];
    for (const { table_name, column_name } of secretColumns) {
      const rows = (await sql(`select "${column_name}"::text as v from "${table_name}" where "${column_name}" is not null`)) as {
        v: string;
      }[];
      secrets.push(...rows.map((r) => r.v).filter((v) => v.length >= 8));
    }
    // The sessions' keys are token hashes: the table is never opened.
    secrets.push(...((await sql('select id from sessions')) as { id: string }[]).map((r) => r.id));
    expect(secrets.length).toBeGreaterThan(3);
    for (const table of await tables()) {
      const { page: rows, text } = await page(table.name, `?limit=${ADMIN_PAGES.max}`);
      for (const secret of secrets) expect(text.includes(secret), `${table.name} leaks a secret`).toBe(false);
      for (const column of rows.columns.filter((c) => secretColumns.some((s) => s.table_name === table.name && s.column_name === c.name))) {
        expect(column).toMatchObject({ hidden: true, editable: false });
        for (const row of rows.rows) expect([ADMIN_DB.hidden, null]).toContain(row[column.name]);
      }
    }
  });

  it('refuses the tables that would break the instance, unknown names and path tricks with 404', async () => {
    for (const name of ['sessions', 'mikro_orm_migrations', 'nope', 'pgboss.job', 'users%3Bdrop%20table%20users', '..%2Fusers']) {
      const res = await api.request('GET', `/api/admin/db/table/${name}`, { token: admin.token });
      expect(res.status, name).toBe(404);
    }
    expect((await sql('select count(*)::int as n from users'))[0]).toEqual({ n: 2 });
  });
});

describe('PATCH /api/admin/db/table/{name}/{id}', () => {
  it('refuses a creator with 403 and changes nothing', async () => {
    const res = await api.request('PATCH', `/api/admin/db/table/users/${creator.id}`, {
      token: creator.token,
      json: { updates: { tier: 'unlimited' } },
    });
    expect(errorOf(res)).toMatchObject({ status: 403, detail: MESSAGES.adminAccessDenied });
    expect(await creatorRow()).toMatchObject({ tier: 'free' });
    expect((await audit()).total).toBe(0);
  });

  it('checks every value against its column and changes nothing when one is wrong', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ is_active: 'yes' }, ADMIN_DB_MESSAGES.invalidValue('is_active', 'boolean')],
      [{ tier: 'pro', is_active: 'yes' }, ADMIN_DB_MESSAGES.invalidValue('is_active', 'boolean')],
      [{ first_name: 'x'.repeat(101) }, ADMIN_DB_MESSAGES.invalidValue('first_name', 'character varying of at most 100 characters')],
      [{ email: null }, ADMIN_DB_MESSAGES.invalidValue('email', 'character varying of at most 254 characters')],
      [{ created_at: 'yesterday' }, ADMIN_DB_MESSAGES.invalidValue('created_at', 'an ISO date and time')],
      [{ password_hash: 'x' }, ADMIN_DB_MESSAGES.hiddenColumn('password_hash')],
      [{ id: creator.id }, ADMIN_DB_MESSAGES.readOnlyColumn('id')],
      [{ nope: 1 }, ADMIN_DB_MESSAGES.unknownColumn('nope')],
      [{}, ADMIN_DB_MESSAGES.nothingToUpdate],
    ];
    for (const [updates, detail] of cases) {
      const res = await api.request('PATCH', `/api/admin/db/table/users/${creator.id}`, { token: admin.token, json: { updates } });
      expect(errorOf(res), JSON.stringify(updates)).toMatchObject({ status: 422, detail });
    }
    expect(await creatorRow()).toMatchObject({ tier: 'free', is_active: true });
    const unknownRow = await api.request('PATCH', '/api/admin/db/table/users/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      json: { updates: { tier: 'pro' } },
    });
    expect(errorOf(unknownRow)).toMatchObject({ status: 404, detail: ADMIN_DB_MESSAGES.rowNotFound });
    const audited = await api.request('PATCH', '/api/admin/db/table/admin_audit_entries/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      json: { updates: { action: 'update' } },
    });
    expect(errorOf(audited)).toMatchObject({ status: 400, detail: ADMIN_DB_MESSAGES.readOnlyTable });
    expect((await audit()).total).toBe(0);
  });

  it('changes a row and records who, when, the table, the row, before and after', async () => {
    const res = await api.request('PATCH', `/api/admin/db/table/users/${creator.id}`, {
      token: admin.token,
      json: { updates: { tier: 'pro', first_name: 'Casey', subscription_expires_at: '2027-03-31T00:00:00.000Z' } },
    });
    expect(res.status, res.text).toBe(200);
    const { row } = z.object({ row: z.record(z.string(), z.unknown()) }).parse(res.body);
    expect(row).toMatchObject({
      tier: 'pro',
      first_name: 'Casey',
      subscription_expires_at: '2027-03-31T00:00:00.000Z',
      password_hash: ADMIN_DB.hidden,
    });
    expect(await creatorRow()).toMatchObject({ tier: 'pro', first_name: 'Casey' });
    const log = await audit();
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      admin_email: admin.email,
      table: 'users',
      row_id: creator.id,
      action: 'update',
      before: { tier: 'free', first_name: null, password_hash: ADMIN_DB.hidden },
      after: { tier: 'pro', first_name: 'Casey', password_hash: ADMIN_DB.hidden },
    });
    expect(Date.now() - Date.parse(log.items[0]?.created_at ?? '')).toBeLessThan(60_000);
  });
});

describe('DELETE /api/admin/db/table/{name}/{id}', () => {
  it('refuses a creator, then deletes a row as the admin and records it', async () => {
    const [mail] = (await sql('select id::text as id from mail_outbox order by created_at limit 1')) as { id: string }[];
    const id = mail?.id ?? '';
    const asCreator = await api.request('DELETE', `/api/admin/db/table/mail_outbox/${id}`, { token: creator.token });
    expect(errorOf(asCreator).status).toBe(403);
    expect(await sql('select id from mail_outbox where id = ?', [id])).toHaveLength(1);
    const res = await api.request('DELETE', `/api/admin/db/table/mail_outbox/${id}`, { token: admin.token });
    expect(res.status, res.text).toBe(204);
    expect(await sql('select id from mail_outbox where id = ?', [id])).toHaveLength(0);
    const log = await audit();
    expect(log.items[0]).toMatchObject({ table: 'mail_outbox', row_id: id, action: 'delete', after: null, before: { id } });
    const again = await api.request('DELETE', `/api/admin/db/table/mail_outbox/${id}`, { token: admin.token });
    expect(errorOf(again).status).toBe(404);
  });
});
