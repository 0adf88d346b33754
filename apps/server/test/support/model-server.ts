/** A local stand-in for the model download host: serves files with HTTP Range, counts GETs, can cut a body short. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelServer {
  /** The base URL to put in WHISPER_MODEL_BASE_URL. */
  url: string;
  /** Every GET received, with its Range header. */
  requests: { path: string; range: string | undefined }[];
  /** Bytes served at /<file>. */
  files: Map<string, Buffer>;
  /** The next N GETs send only the first `cutAfter` bytes of their body, then drop the connection. */
  cutNext(count: number, cutAfter: number): void;
  close(): Promise<void>;
}

/** Byte range of a `Range: bytes=a-` or `bytes=a-b` header, or null for the whole file. */
function rangeOf(req: IncomingMessage, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

export async function startModelServer(): Promise<ModelServer> {
  const requests: ModelServer['requests'] = [];
  const files = new Map<string, Buffer>();
  const cuts: number[] = [];
  const server = createServer((req, res) => {
    const file = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    requests.push({ path: file, range: req.headers.range });
    const body = files.get(file);
    if (!body) return void res.writeHead(404).end();
    const range = rangeOf(req, body.length);
    if (range === 'unsatisfiable') return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    const { start, end } = range ?? { start: 0, end: body.length - 1 };
    const slice = body.subarray(start, end + 1);
    res.writeHead(range ? 206 : 200, {
      'content-length': String(slice.length),
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}),
    });
    const cutAfter = cuts.shift();
    if (cutAfter === undefined) return void res.end(slice);
    // The connection drops mid-body, as a flaky network does.
    res.write(slice.subarray(0, cutAfter), () => setTimeout(() => req.socket.destroy(), 20));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    files,
    cutNext(count, cutAfter) {
      for (let i = 0; i < count; i++) cuts.push(cutAfter);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
