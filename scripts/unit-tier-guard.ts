/**
 * Setup file of every package's unit tier (`pnpm test:unit`): the tools that tier must not need are
 * replaced on PATH by stand-ins that fail, and no database address is given, so a test that starts
 * ffmpeg, espeak-ng, pocketsphinx or reaches PostgreSQL fails here instead of quietly slowing the tier.
 * Such a test belongs to the integration tier (a `.real.test.ts` in packages/audio, test/service or
 * test/api in the server).
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FORBIDDEN_TOOLS = [
  'ffmpeg',
  'ffprobe',
  'espeak-ng',
  'festival',
  'text2wave',
  'flite',
  'pocketsphinx',
  'pocketsphinx_continuous',
  'psql',
  'pg_ctl',
  'postgres',
];

const shims = mkdtempSync(path.join(tmpdir(), 'ppp-unit-tier-'));
for (const tool of FORBIDDEN_TOOLS) {
  const file = path.join(shims, tool);
  writeFileSync(file, `#!/bin/sh\necho "${tool} was started by a unit test: move the test to the integration tier" >&2\nexit 97\n`);
  chmodSync(file, 0o755);
}
process.env.PATH = `${shims}${path.delimiter}${process.env.PATH ?? ''}`;
delete process.env.DATABASE_URL;
