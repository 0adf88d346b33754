import { afterEach, describe, expect, it, vi } from 'vitest';
import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, MESSAGES } from '@ppp/contracts';
import {
  AssembleRefused,
  assembleEpisode,
  assembleFailureMessage,
  fetchIntentHints,
  insufficientInfo,
  prepareFlubber,
} from './creator-api.ts';

const hints = {
  media_id: 'm1',
  filename: 'take.wav',
  intents: { flubber: { count: 1, matches: [] }, intern: { count: 0, matches: [] }, sfx: { count: 0, matches: [] } },
  detection: {
    flubber: { count: 0, matches: [] },
    intern: { count: 0, matches: [] },
    sfx: { count: 0, matches: [] },
    fillers: { count: 0, matches: [] },
    pauses: { count: 0, matches: [] },
    censored: { count: 0, matches: [] },
  },
};

/** A fetch answering each call with the next status (the body for a 2xx). */
function answers(statuses: number[], body: unknown) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(url);
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 500;
    return new Response(JSON.stringify(status < 300 ? body : { detail: `status ${status}`, code: 'X' }), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function settle<T>(promise: Promise<T>): Promise<T> {
  const result = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const outcome = await result;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

describe('intent hints', () => {
  it('retries 5 times at 750 ms on 404, 409 and 425, then answers', async () => {
    vi.useFakeTimers();
    const calls = answers([404, 409, 425, 425, 425, 200], hints);
    const started = Date.now();
    const result = await settle(fetchIntentHints('m1'));
    expect(result.intents.flubber.count).toBe(1);
    expect(calls).toHaveLength(6);
    expect(calls[0]).toBe('/api/ai/intent-hints?hint=m1');
    expect(Date.now() - started).toBe(EPISODE_CREATOR_SHELL.intentRetryCount * EPISODE_CREATOR_SHELL.intentRetryDelayMs);
  });

  it('gives up after the fifth retry, and does not retry other failures', async () => {
    vi.useFakeTimers();
    const calls = answers([425], hints);
    await expect(settle(fetchIntentHints('m1'))).rejects.toMatchObject({ status: 425 });
    expect(calls).toHaveLength(6);
    const once = answers([500], hints);
    await expect(settle(fetchIntentHints('m1'))).rejects.toMatchObject({ status: 500 });
    expect(once).toHaveLength(1);
  });
});

describe('Flubber preparation', () => {
  it('retries 20 times at 1 s on 425 only', async () => {
    vi.useFakeTimers();
    const calls = answers([425], { contexts: [] });
    await expect(settle(prepareFlubber('m1', 0.8))).rejects.toMatchObject({ status: 425 });
    expect(calls).toHaveLength(EPISODE_CREATOR.flubberPrepareRetryCount + 1);
    const notFound = answers([404], { contexts: [] });
    await expect(settle(prepareFlubber('m1', 0.8))).rejects.toMatchObject({ status: 404 });
    expect(notFound).toHaveLength(1);
    const ready = answers([425, 200], { contexts: [] });
    expect(await settle(prepareFlubber('m1', 0.75))).toEqual([]);
    expect(ready).toHaveLength(2);
  });
});

describe('assemble', () => {
  it('keeps the body of a refusal for the insufficient-minutes dialog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              detail: 'Not enough processing minutes remain to assemble this episode.',
              code: 'INSUFFICIENT_MINUTES',
              minutes_required: 12,
              minutes_remaining: 3,
              renewal_date: '2026-12-01',
            }),
            { status: 402 },
          ),
      ),
    );
    const refused = await assembleEpisode({
      template_id: 't1',
      main_content_filename: 'm1',
      episode_details: { title: 'One', episodeNumber: 1 },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AssembleRefused);
    const error = refused as AssembleRefused;
    expect([error.status, error.code]).toEqual([402, 'INSUFFICIENT_MINUTES']);
    expect(insufficientInfo(error.body)).toEqual({
      minutes_required: 12,
      minutes_remaining: 3,
      renewal_date: '2026-12-01',
      message: 'Not enough processing minutes remain to assemble this episode.',
    });
    expect(insufficientInfo({})).toEqual({ minutes_required: null, minutes_remaining: null, renewal_date: null, message: null });
  });

  it("says the server's words for an unexpected refusal, else the generic error, never publishing's 'Assembled episode required.'", async () => {
    const refuse = (status: number, body: unknown) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(body), { status })),
      );
      return assembleEpisode({ template_id: 't1', main_content_filename: 'm1', episode_details: { title: 'One', episodeNumber: 1 } }).catch(
        (e: unknown) => e,
      );
    };
    expect(assembleFailureMessage(await refuse(422, { detail: EPISODE_CREATOR_MESSAGES.scriptRequired, code: 'VALIDATION' }))).toBe(
      EPISODE_CREATOR_MESSAGES.scriptRequired,
    );
    expect(assembleFailureMessage(await refuse(500, { error: 'Render queue is down' }))).toBe('Render queue is down');
    expect(assembleFailureMessage(await refuse(502, 'Bad gateway'))).toBe(MESSAGES.unexpected);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await assembleEpisode({
      template_id: 't1',
      main_content_filename: 'm1',
      episode_details: { title: 'One', episodeNumber: 1 },
    }).catch((e: unknown) => e);
    expect(assembleFailureMessage(offline)).toBe(MESSAGES.unexpected);
  });
});
