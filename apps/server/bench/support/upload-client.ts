/**
 * The uploading side of the tus benchmark, run in a child process of its own as a browser would be,
 * so it never shares the server's event loop. Started by fork() with a JSON job as its argument; reads
 * the file, says 'ready', waits for 'go', sends and answers { seconds, clientCpu } (its own CPU seconds). Both ways send the same bytes
 * the same way (node:http, each request body written in stream-highWaterMark pieces with backpressure):
 * 'tus' through tus-js-client's Node upload (whose transport does exactly that), 'put' as one PUT per chunk.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Upload } from 'tus-js-client';

export interface UploadJob {
  mode: 'tus' | 'put';
  url: string;
  file: string;
  /** Bytes per request; the whole file in one request when absent. */
  chunkSize?: number;
  token?: string;
}

/** Writes `body` to `stream` a highWaterMark at a time, waiting for 'drain', as tus-js-client's Node transport does. */
function writeWithBackpressure(stream: NodeJS.WritableStream & { writableHighWaterMark: number }, body: Buffer): void {
  let offset = 0;
  const next = (): void => {
    while (offset < body.length) {
      const piece = body.subarray(offset, offset + stream.writableHighWaterMark);
      offset += piece.length;
      if (!stream.write(piece)) {
        stream.once('drain', next);
        return;
      }
    }
    stream.end();
  };
  next();
}

function put(url: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode! < 300 ? resolve() : reject(new Error(`PUT answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    writeWithBackpressure(req, body);
  });
}

async function putAll(job: UploadJob, data: Buffer): Promise<void> {
  const chunk = job.chunkSize ?? data.length;
  for (let offset = 0; offset < data.length; offset += chunk) await put(job.url, data.subarray(offset, offset + chunk));
}

function tus(job: UploadJob, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(data, {
      endpoint: job.url,
      headers: { Authorization: `Bearer ${job.token}` },
      metadata: { filename: 'bench.wav', category: 'main_content', friendly_name: 'Bench' },
      ...(job.chunkSize ? { chunkSize: job.chunkSize } : {}),
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

const job = JSON.parse(process.argv[2]!) as UploadJob;
const data = readFileSync(job.file);
process.once('message', async () => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await (job.mode === 'tus' ? tus(job, data) : putAll(job, data));
  const used = process.cpuUsage(cpu);
  process.send!({ seconds: (performance.now() - started) / 1000, clientCpu: (used.user + used.system) / 1e6 }, () => process.exit(0));
});
process.send!('ready');
