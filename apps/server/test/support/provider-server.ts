import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stand-in provider received. */
export interface ProviderRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ProviderReply {
  json(status: number, body: unknown): void;
  bytes(status: number, contentType: string, body: Buffer): void;
}

export interface ProviderServer {
  baseUrl: string;
  received: ProviderRequest[];
  close(): Promise<void>;
}

/** A loopback server in place of a paid API (ElevenLabs, OpenAI), answering as its documentation shows. */
export async function startProviderServer(handler: (req: ProviderRequest, res: ProviderReply) => void): Promise<ProviderServer> {
  const received: ProviderRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? '/', 'http://local');
      const request: ProviderRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      handler(request, {
        json: (status, body) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        bytes: (status, contentType, body) => void res.writeHead(status, { 'content-type': contentType }).end(body),
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
