import { MESSAGES, type TPodcast } from '@ppp/contracts';
import { readToken } from '../../lib/session.ts';

/** Sends a show form (multipart, with the cover) to the REST layer: tRPC carries no files. */
export async function sendShowForm(method: 'POST' | 'PUT', path: string, form: FormData): Promise<TPodcast> {
  const token = readToken();
  const res = await fetch(path, { method, body: form, credentials: 'include', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json().catch(() => null)) as (TPodcast & { detail?: string; message?: string }) | null;
  if (!res.ok) throw new Error(body?.detail ?? body?.message ?? MESSAGES.unexpected);
  return body as TPodcast;
}
