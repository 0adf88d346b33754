import { MESSAGES } from '@ppp/contracts';
import { readToken, tabId } from './session.ts';

/** A REST answer outside 2xx: its status and the server's `detail` (the user-facing message). */
export class RestError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly detail: string | null;
  /** The whole error body, for answers that carry more than a message (a 402's minutes). */
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    const detail = typeof body.detail === 'string' ? body.detail : null;
    super(detail ?? MESSAGES.unexpected);
    this.name = 'RestError';
    this.status = status;
    this.detail = detail;
    this.code = typeof body.code === 'string' ? body.code : null;
    this.body = body;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Calls a documented REST path with the bearer token: JSON in (or a multipart form), JSON out.
 * A network failure rejects with the browser's TypeError; an error answer with RestError.
 */
export async function restCall(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const token = readToken();
  const headers: Record<string, string> = { 'x-tab-id': tabId() };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload, credentials: 'include' });
  const parsed = parseJson(await res.text());
  if (!res.ok) {
    throw new RestError(res.status, typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
  }
  return parsed;
}

/** The server's message of a failed call, or the fallback. */
export function detailOf(error: unknown, fallback: string): string {
  return error instanceof RestError && error.detail ? error.detail : fallback;
}
