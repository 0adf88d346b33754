/**
 * The server's lint step for its OpenAPI document (issue 36): the document the server serves at
 * /api/openapi.json is built from the route table, validated by swagger-parser (the OpenAPI 3.0
 * schema and its references) and linted by Redocly's recommended rules (redocly.yaml beside
 * package.json); any error fails `pnpm lint`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { REST_ROUTES } from '../../src/http/rest/index.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The path redocly.yaml's ignore file names: inside node_modules, so it is never committed.
const file = path.join(root, 'node_modules/.cache/openapi.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
const document = buildOpenApi(REST_ROUTES, 'http://localhost:8000');
fs.writeFileSync(file, JSON.stringify(document, null, 2));

// validate() dereferences in place: hand it a copy.
await SwaggerParser.validate(structuredClone(document) as never);
console.log(`swagger-parser: ${Object.keys(document.paths as object).length} paths valid`);

// Redocly's own entry, run by this Node (its shell wrapper would take whichever node is first on PATH).
const cliPackage = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const { bin } = JSON.parse(fs.readFileSync(cliPackage, 'utf8')) as { bin: Record<string, string> };
const redocly = path.join(path.dirname(cliPackage), bin.redocly ?? '');
const lint = spawnSync(process.execPath, [redocly, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.stdout.write(lint.stdout);
process.stderr.write(lint.stderr);
if (lint.status !== 0) process.exit(lint.status ?? 1);
