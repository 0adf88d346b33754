import { startProviderServer, type ProviderReply } from './provider-server.ts';

/** The key the app is given for the stand-in; any other is refused with OpenAI's 401 body. */
export const TRANSCRIPTION_STAND_IN_KEY = 'sk-transcription-standin';

/** One word of an answer, as OpenAI's verbose_json gives it with timestamp_granularities[]=word. */
export interface StandInWord {
  word: string;
  start: number;
  end: number;
}

export interface TranscriptionStandIn {
  /** Up to and including the version, as OPENAI_BASE_URL takes it. */
  baseUrl: string;
  /** How many transcription requests have arrived, answered or not. */
  readonly requests: number;
  /** From now on each request waits, unanswered, until release(). */
  hold(): void;
  /** Answers every held request with these words and answers later ones at once again. */
  release(words: readonly StandInWord[]): void;
  close(): Promise<void>;
}

/** OpenAI's verbose_json body for these words (text, language, duration, words and one segment). */
export function verboseJson(words: readonly StandInWord[]) {
  const text = words.map((w) => w.word).join(' ');
  const duration = words.at(-1)?.end ?? 0;
  return {
    task: 'transcribe',
    language: 'english',
    duration,
    text,
    words,
    segments: [{ id: 0, seek: 0, start: 0, end: duration, text, tokens: [], temperature: 0, avg_logprob: -0.2 }],
    usage: { type: 'duration', seconds: Math.ceil(duration) },
  };
}

/**
 * A local server answering as OpenAI's audio transcription API documents (POST
 * /v1/audio/transcriptions, multipart, bearer key, verbose_json with words and segments; 401 and
 * 404 in OpenAI's error shape). Unheld, it answers at once with `words`; held, each request waits
 * until the test releases it, so a journey sees the app while a transcript is still on its way.
 */
export async function startTranscriptionStandIn(
  words: readonly StandInWord[] = [{ word: 'hello', start: 0.5, end: 0.9 }],
): Promise<TranscriptionStandIn> {
  let holding = false;
  const held: ProviderReply[] = [];
  const error = (res: ProviderReply, status: number, message: string, code: string | null) =>
    res.json(status, { error: { message, type: 'invalid_request_error', param: null, code } });
  const server = await startProviderServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TRANSCRIPTION_STAND_IN_KEY}`)
      return error(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    if (req.method !== 'POST' || req.path !== '/v1/audio/transcriptions') return error(res, 404, 'Not found', null);
    if (holding) held.push(res);
    else res.json(200, verboseJson(words));
  });
  const transcriptions = () => server.received.filter((r) => r.path === '/v1/audio/transcriptions').length;
  return {
    baseUrl: `${server.baseUrl}/v1`,
    get requests() {
      return transcriptions();
    },
    hold: () => {
      holding = true;
    },
    release: (answer) => {
      holding = false;
      for (const res of held.splice(0)) res.json(200, verboseJson(answer));
    },
    close: () => {
      for (const res of held.splice(0)) error(res, 503, 'The stand-in is closing.', null);
      return server.close();
    },
  };
}

/** The launcher's environment that makes OpenAI's transcription API, here the stand-in, its only engine. */
export function transcriptionEnv(standIn: Pick<TranscriptionStandIn, 'baseUrl'>): Record<string, string> {
  return {
    TRANSCRIPTION_ENGINES: 'openai-compatible',
    OPENAI_BASE_URL: standIn.baseUrl,
    OPENAI_API_KEY: TRANSCRIPTION_STAND_IN_KEY,
    TRANSCRIBE_MODEL: 'whisper-1',
  };
}
