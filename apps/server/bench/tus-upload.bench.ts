/**
 * pnpm bench: tus upload throughput in MB/s on loopback, against the real server on an embedded
 * PostgreSQL: a main-content WAV of BENCH_UPLOAD_MB (default 200) sent by tus-js-client in one PATCH
 * and in 16 MB chunks (as the web app does), including the content probe and the media row at the end;
 * then the 16 MB chunks to an instance on S3-compatible storage, as a ratio to the local folder. Both
 * are also printed against a floor measured in the same run: the same bytes PUT in 16 MB chunks over
 * loopback HTTP to a bare Node server that appends them to a file (no tus, no checks, no database).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { startBenchInstance } from './support/bench-instance.ts';
import { s3Env, startS3StandIn } from '../test/support/s3-stand-in.ts';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const MB = 1024 * 1024;

const instance = await startBenchInstance('tus');
const { base, dir } = instance;

/** A stereo 44.1 kHz WAV of about SIZE_MB (176,400 bytes a second). */
function makeWav(): Buffer {
  const file = path.join(dir, 'bench.wav');
  const seconds = Math.ceil((SIZE_MB * MB) / 176_400);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:duration=${seconds}`,
    '-ac',
    '2',
    '-ar',
    '44100',
    file,
  ]);
  return execFileSync('cat', [file], { maxBuffer: 4 * 1024 * MB });
}

function upload(data: Buffer, token: string, chunkSize?: number, endpoint = base): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const tus = new Upload(data, {
      endpoint: `${endpoint}/files/`,
      headers: { Authorization: `Bearer ${token}` },
      metadata: { filename: 'bench.wav', category: 'main_content', friendly_name: 'Bench' },
      ...(chunkSize ? { chunkSize } : {}),
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve((performance.now() - started) / 1000),
    });
    tus.start();
  });
}

async function signIn(at: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  await fetch(`${at}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', accept_terms: true }),
  });
  const login = await fetch(`${at}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: 'bench-password-1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return token;
}

/** The floor: the data PUT in 16 MB chunks over loopback to a server that only appends each body to a file. */
async function loopbackFloor(data: Buffer): Promise<number> {
  const out = createWriteStream(path.join(dir, 'floor.bin'));
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => out.write(chunk));
    req.on('end', () => out.write('', () => res.writeHead(204).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const started = performance.now();
  for (let offset = 0; offset < data.length; offset += 16 * MB)
    await fetch(url, { method: 'PUT', body: data.subarray(offset, offset + 16 * MB) }).then((res) => res.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  server.close();
  await new Promise<void>((resolve) => out.end(resolve));
  return seconds;
}

/**
 * The same upload in 16 MB chunks to a second instance storing in an S3-compatible bucket (the
 * loopback stand-in of the tests: parts kept in memory, every request's signature checked), as a
 * ratio to the local folder's time.
 */
async function onS3(data: Buffer, localSeconds: number, floorSeconds: number): Promise<void> {
  const s3 = await startS3StandIn(['ppp-bench']);
  const other = await startBenchInstance('tus-s3', s3Env(s3, 'ppp-bench'));
  try {
    const token = await signIn(other.base);
    await upload(data, token, 16 * MB, other.base);
    const seconds = await upload(data, token, 16 * MB, other.base);
    const megabytes = data.length / MB;
    console.log(
      `  ${'S3, 16 MB chunks'.padEnd(18)} ${seconds.toFixed(2)} s  ${(megabytes / seconds).toFixed(1)} MB/s  (${(seconds / localSeconds).toFixed(2)}x the local folder's time, ${(seconds / floorSeconds).toFixed(2)}x the floor)`,
    );
  } finally {
    await other.close();
    await s3.close();
  }
}

try {
  const token = await signIn(base);
  const data = makeWav();
  const megabytes = data.length / MB;
  console.log(`tus upload on loopback — ${megabytes.toFixed(1)} MB main-content WAV, ${os.cpus().length} cores`);
  // The first upload also starts the server's pg-boss and warms the JIT; it is not counted.
  await upload(data, token);
  let sixteen = 0;
  for (const [label, chunk] of [
    ['one PATCH', undefined],
    ['16 MB chunks', 16 * MB],
    ['4 MB chunks', 4 * MB],
  ] as const) {
    const seconds = await upload(data, token, chunk);
    if (chunk === 16 * MB) sixteen = seconds;
    console.log(`  ${label.padEnd(18)} ${seconds.toFixed(2)} s  ${(megabytes / seconds).toFixed(1)} MB/s`);
  }
  await loopbackFloor(data);
  const floor = await loopbackFloor(data);
  console.log(
    `  ${'floor, 16 MB PUTs'.padEnd(18)} ${floor.toFixed(2)} s  ${(megabytes / floor).toFixed(1)} MB/s  (local folder, 16 MB chunks: ${(sixteen / floor).toFixed(2)}x the floor)`,
  );
  await onS3(data, sixteen, floor);
} finally {
  await instance.close();
}
