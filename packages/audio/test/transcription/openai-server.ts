import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake endpoint received, for the test to check. */
export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string[]>;
  file: { name: string; type: string; size: number } | null;
}

/*
 * The word-timestamp example of OpenAI's API reference for POST /v1/audio/transcriptions with
 * response_format=verbose_json and timestamp_granularities[]=word (words as {word, start, end}).
 */
export const VERBOSE_JSON_WORDS = {
  task: 'transcribe',
  language: 'english',
  duration: 8.470000267028809,
  text: 'The beach was a popular spot on a hot summer day.',
  words: [
    { word: 'The', start: 0.0, end: 0.23999999463558197 },
    { word: 'beach', start: 0.23999999463558197, end: 0.6499999761581421 },
    { word: 'was', start: 0.6499999761581421, end: 0.8399999737739563 },
    { word: 'a', start: 0.8399999737739563, end: 0.9599999785423279 },
    { word: 'popular', start: 0.9599999785423279, end: 1.2799999713897705 },
  ],
  usage: { type: 'duration', seconds: 9 },
};

async function readForm(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const request = new Request('http://local', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: Buffer.concat(chunks),
  });
  return request.formData();
}

async function describeForm(form: FormData): Promise<Pick<ReceivedRequest, 'fields' | 'file'>> {
  const fields: Record<string, string[]> = {};
  let file: ReceivedRequest['file'] = null;
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') (fields[key] ??= []).push(value);
    else file = { name: value.name, type: value.type, size: (await value.arrayBuffer()).byteLength };
  }
  return { fields, file };
}

/** A local server answering as OpenAI's audio transcription API documents, including its 401 body. */
export async function startOpenAiServer(
  apiKey: string,
  answer: unknown = VERBOSE_JSON_WORDS,
): Promise<{ baseUrl: string; received: ReceivedRequest[]; close: () => Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return json(401, {
          error: {
            message: 'Incorrect API key provided: wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        });
      }
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
        return json(404, { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } });
      received.push({ path: req.url, authorization: req.headers.authorization, ...(await describeForm(await readForm(req))) });
      json(200, answer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
