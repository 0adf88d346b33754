import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake Spreaker received it; multipart and urlencoded bodies are decoded. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  files: Record<string, { name: string; size: number; text: string }>;
}

type Reply = { status?: number; body: unknown };
type Handler = (req: Received, origin: string) => Reply | Promise<Reply>;

/**
 * A local stand-in for api.spreaker.com that answers with the bodies Spreaker's documentation shows:
 * everything wrapped in {"response": ...}, errors as {"response": {"error": {"messages", "code"}}}.
 */
export class FakeSpreaker {
  readonly received: Received[] = [];
  readonly routes = new Map<string, Handler>();
  #server: Server | null = null;
  origin = '';

  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      void this.#handle(req).then(({ status, body }) => {
        res.writeHead(status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  last(): Received {
    const request = this.received.at(-1);
    if (!request) throw new Error('The fake Spreaker received nothing');
    return request;
  }

  async #handle(req: IncomingMessage): Promise<Reply> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.origin);
    const received: Received = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      fields: {},
      files: {},
    };
    const raw = Buffer.concat(chunks);
    if (raw.length > 0 && received.contentType) {
      // The WHATWG Request parser decodes multipart and urlencoded bodies exactly as a server framework would.
      const form = await new Request(url, { method: 'POST', headers: { 'content-type': received.contentType }, body: raw }).formData();
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') received.fields[key] = value;
        else received.files[key] = { name: value.name, size: value.size, text: await value.text() };
      }
    }
    this.received.push(received);
    const handler = this.routes.get(`${received.method} ${received.path}`);
    if (!handler) {
      return { status: 404, body: { response: { error: { messages: ['The provided API uri is unknown'], code: 404 } } } };
    }
    return handler(received, this.origin);
  }
}
