import { describe, expect, it } from 'vitest';
import { createOpenAiChatEngine } from '../../src/text-ai/openai-chat.ts';
import { TextAiError } from '../../src/text-ai/engine.ts';
import { sendJson, startLocalServer } from '../speech/local-server.ts';
import { COMPOSTING_EPISODE, timedTranscript } from './fixture.ts';

const transcript = timedTranscript(COMPOSTING_EPISODE, { punctuated: true });

/** A chat.completion object as OpenAI's API reference shows it, with the given assistant content. */
function completion(content: string) {
  return {
    id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-2025-04-14',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
    service_tier: 'default',
  };
}

describe('OpenAI-compatible chat engine against a local server', () => {
  it('asks in JSON mode and applies the title, description and tag rules to the answers', async () => {
    const answers = [
      '{"title": "\\"Home Composting: Brown, Green and Patient.\\""}',
      '{"description": "Maria Lopez explains the brown to green ratio and why turning the pile matters."}',
      '{"tags": ["composting", "Gardening", "a very long tag that goes past thirty characters", "id 0123456789abcdef0123"]}',
      'Turn it weekly so the microbes get oxygen.',
    ];
    const server = await startLocalServer((req, res) => {
      if (req.headers.authorization !== 'Bearer sk-test')
        return sendJson(res, 401, {
          error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
        });
      if (req.method !== 'POST' || req.path !== '/v1/chat/completions')
        return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } });
      sendJson(res, 200, completion(answers.shift() ?? ''));
    });
    try {
      const engine = createOpenAiChatEngine({ baseUrl: `${server.baseUrl}/v1`, apiKey: 'sk-test', model: 'gpt-4.1-mini' });
      expect(await engine.generateTitle({ transcript, instructions: 'Mention the season.' })).toBe(
        'Home Composting: Brown, Green and Patient',
      );
      expect(await engine.generateNotes({ transcript })).toContain('Maria Lopez');
      expect(await engine.generateTags({ transcript, alwaysInclude: 'gardening, Green Thumb' })).toEqual([
        'gardening',
        'Green Thumb',
        'composting',
        'a very long tag that goes past',
      ]);
      const answer = await engine.answerCommand('how often do I turn the pile', { transcript });
      expect(answer).toEqual({ text: 'Turn it weekly so the microbes get oxygen.', found: true, method: 'model' });

      const first = JSON.parse(server.received[0]?.body ?? '{}') as {
        model: string;
        messages: { role: string; content: string }[];
        response_format?: unknown;
      };
      expect(first.model).toBe('gpt-4.1-mini');
      expect(first.response_format).toEqual({ type: 'json_object' });
      expect(first.messages.map((m) => m.role)).toEqual(['system', 'user']);
      expect(first.messages[1]?.content).toContain('Mention the season.');
      expect(first.messages[1]?.content).toContain('The ratio of brown material');
      const last = JSON.parse(server.received[3]?.body ?? '{}') as { response_format?: unknown };
      expect(last.response_format).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('discards a title with a hex run and carries the status of a 429', async () => {
    let calls = 0;
    const server = await startLocalServer((_req, res) => {
      calls += 1;
      if (calls === 1) return sendJson(res, 200, completion('{"title": "Episode 9f86d081884c7d659a2feaa0c55ad015"}'));
      sendJson(res, 429, {
        error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' },
      });
    });
    try {
      const engine = createOpenAiChatEngine({ baseUrl: `${server.baseUrl}/v1`, model: 'llama3.2' });
      expect(await engine.generateTitle({ transcript })).toBeNull();
      const error = await engine.generateNotes({ transcript }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TextAiError);
      expect((error as TextAiError).status).toBe(429);
      expect((error as TextAiError).message).toContain('Rate limit reached for requests');
      expect(await createOpenAiChatEngine({ baseUrl: null }).available()).toBe(false);
    } finally {
      await server.close();
    }
  });
});
