import { MESSAGES, uploadFailedStatusMessage } from '@ppp/contracts';
import { readToken } from './session.ts';

/** POSTs a multipart form to a REST path with the bearer token; throws the server's detail on failure. */
export async function postForm(path: string, form: FormData): Promise<unknown> {
  const token = readToken();
  const res = await fetch(path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const fields = (body ?? {}) as { detail?: string; error?: string; message?: string };
    throw new Error(
      fields.detail ?? fields.error ?? fields.message ?? (text || uploadFailedStatusMessage(res.status)) ?? MESSAGES.unexpected,
    );
  }
  return body;
}
