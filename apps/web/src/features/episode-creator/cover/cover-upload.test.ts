import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { CoverUploadError, uploadCover, type SendEpisodeCover } from './cover-upload.ts';

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });

/** A send that records the forms it was given and answers with `answer`. */
function sender(answer: (form: FormData, signal: AbortSignal) => Promise<unknown>) {
  const forms: FormData[] = [];
  const send: SendEpisodeCover = (form, signal) => {
    forms.push(form);
    return answer(form, signal);
  };
  return { send, forms };
}

const refusal = (httpStatus: number, message: string) =>
  TRPCClientError.from({ error: { code: -32000, message, data: { httpStatus, appCode: 'PAYLOAD_TOO_LARGE' } } });

describe('cover upload', () => {
  it('sends one image with its friendly name, and reads the stored media item', async () => {
    const { send, forms } = sender(async () => ({ id: 'm2', filename: 'def.jpg' }));
    await expect(uploadCover(send, jpeg, 'Show art.jpg')).resolves.toEqual({ filename: 'def.jpg', preview_url: '/static/media/def.jpg' });
    expect(forms).toHaveLength(1);
    const file = forms[0]!.get('files');
    expect(file instanceof File ? [file.name, file.size] : null).toEqual(['Show art.jpg', jpeg.size]);
    expect(forms[0]!.get('friendly_names')).toBe('["Show art.jpg"]');
  });

  it("says the server's reason, or 'Cover upload failed'", async () => {
    const tooBig = sender(async () => Promise.reject(refusal(413, 'Cover image exceeds 15MB limit.')));
    await expect(uploadCover(tooBig.send, jpeg, 'a.jpg')).rejects.toThrow('Cover image exceeds 15MB limit.');
    const offline = sender(async () => Promise.reject(TRPCClientError.from(new TypeError('Failed to fetch'))));
    await expect(uploadCover(offline.send, jpeg, 'a.jpg')).rejects.toThrow(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
  });

  it("gives up at the deadline with 'Cover upload timed out...', aborting the request", async () => {
    let aborted = false;
    const never = sender(
      (_form, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
    );
    const error = await uploadCover(never.send, jpeg, 'a.jpg', 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoverUploadError);
    expect((error as CoverUploadError).message).toBe(EPISODE_CREATOR_MESSAGES.coverTimedOut);
    expect((error as CoverUploadError).timedOut).toBe(true);
    expect(aborted).toBe(true);
  });

  it('refuses an answer without a stored name', async () => {
    const { send } = sender(async () => ({ ok: true }));
    await expect(uploadCover(send, jpeg, 'a.jpg')).rejects.toThrow(EPISODE_CREATOR_MESSAGES.coverUploadFailed);
  });
});
