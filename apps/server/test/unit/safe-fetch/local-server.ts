import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A throwaway HTTP server on 127.0.0.1 for the guarded-fetch tests; counts what it was asked. */
export interface LocalServer {
  origin: string;
  port: number;
  hits: string[];
  /** Responses that closed before the handler finished writing (the client gave up). */
  abandoned: number;
  close(): Promise<void>;
}

export async function startLocalServer(handler: http.RequestListener): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.on('close', () => {
      if (!res.writableFinished) state.abandoned += 1;
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const state: LocalServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    abandoned: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
