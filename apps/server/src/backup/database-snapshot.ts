import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type pg from 'pg';

const SCHEMA = 'public';
const BATCH = 500;

export interface TableDump {
  table: string;
  rows: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableFile = (dir: string, table: string) => path.join(dir, `${table}.ndjson`);

/** The application's tables (PostgreSQL's public schema), by name. */
async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
    [SCHEMA],
  );
  return rows.map((row) => row.name);
}

/**
 * Writes every table of the public schema as one JSON object per row (row_to_json, so every type
 * round-trips through PostgreSQL's own JSON casts), read through a cursor inside the caller's
 * snapshot transaction.
 */
export async function dumpTables(client: pg.ClientBase, dir: string): Promise<TableDump[]> {
  await mkdir(dir, { recursive: true });
  const dumps: TableDump[] = [];
  for (const table of await tablesOf(client)) {
    const out = createWriteStream(tableFile(dir, table));
    let rows = 0;
    await client.query(`declare dump_rows no scroll cursor for select row_to_json(t)::text as line from ${SCHEMA}.${quote(table)} t`);
    for (;;) {
      const page = await client.query<{ line: string }>(`fetch ${BATCH} from dump_rows`);
      if (page.rows.length === 0) break;
      rows += page.rows.length;
      if (!out.write(`${page.rows.map((r) => r.line).join('\n')}\n`)) await once(out, 'drain');
    }
    await client.query('close dump_rows');
    out.end();
    await once(out, 'finish');
    dumps.push({ table, rows });
  }
  return dumps;
}

/** Tables in an order where every table comes after the tables its foreign keys point to. */
async function insertOrder(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = $1`,
    [SCHEMA],
  );
  const bare = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of rows) if (bare(child) !== bare(parent)) parents.get(bare(child))?.add(bare(parent));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

async function insertRows(client: pg.ClientBase, table: string, lines: string[]): Promise<void> {
  await client.query(
    `insert into ${SCHEMA}.${quote(table)} select * from json_populate_recordset(null::${SCHEMA}.${quote(table)}, $1::json)`,
    [`[${lines.join(',')}]`],
  );
}

/**
 * Replaces the rows of the dumped tables with the dump's, in one transaction: rows a migration
 * seeded are removed first, parents are written before children, and every sequence owned by a
 * column continues after the highest restored value. Foreign keys inside one table are checked at
 * commit where the role may defer triggers (session_replication_role), as the embedded one can.
 */
export async function restoreTables(client: pg.ClientBase, dir: string, dumps: TableDump[]): Promise<void> {
  const present = new Set(await tablesOf(client));
  const missing = dumps.filter((d) => !present.has(d.table)).map((d) => d.table);
  if (missing.length) throw new Error(`The database has no table ${missing.join(', ')}: restore needs the same migrations as the backup`);
  const order = await insertOrder(
    client,
    dumps.map((d) => d.table),
  );
  await client.query('begin');
  try {
    await client.query('savepoint replica');
    await client.query(`set local session_replication_role = replica`).then(
      () => client.query('release savepoint replica'),
      () => client.query('rollback to savepoint replica'),
    );
    for (const table of [...order].reverse()) await client.query(`delete from ${SCHEMA}.${quote(table)}`);
    for (const table of order) {
      const lines = createInterface({ input: createReadStream(tableFile(dir, table)), crlfDelay: Infinity });
      let batch: string[] = [];
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length === BATCH) {
          await insertRows(client, table, batch);
          batch = [];
        }
      }
      if (batch.length) await insertRows(client, table, batch);
    }
    await resetSequences(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function resetSequences(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ tbl: string; col: string; seq: string }>(
    `select c.relname as tbl, a.attname as col, s.relname as seq
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class c on c.oid = d.refobjid
       join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = s.relnamespace
      where s.relkind = 'S' and n.nspname = $1`,
    [SCHEMA],
  );
  for (const { tbl, col, seq } of rows) {
    await client.query(
      `select setval('${SCHEMA}.${quote(seq)}', coalesce((select max(${quote(col)}) from ${SCHEMA}.${quote(tbl)}), 0) + 1, false)`,
    );
  }
}
