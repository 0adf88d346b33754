import { z } from 'zod';
import type { ChatMessage, TextAiEngine } from '@ppp/audio';
import { ZWebsiteLayout, type TWebsiteLayout } from '@ppp/contracts';
import { plainText } from '../text/podcast-html.ts';
import type { SiteFacts } from './site-facts.ts';

type Complete = NonNullable<TextAiEngine['complete']>;

const ZAnswer = z.object({ layout: ZWebsiteLayout, reply: z.string().trim().max(1000).optional() });

const SCHEMA = JSON.stringify(z.toJSONSchema(ZWebsiteLayout, { io: 'input', unrepresentable: 'any' }));

const SYSTEM = [
  'You design one-page websites for podcasts. Answer with one JSON object only, no prose around it.',
  `The "layout" member follows this JSON Schema: ${SCHEMA}`,
  'Colours are #rrggbb. Use only the URLs you are given; never invent links. about.body and section bodies are simple HTML (p, strong, em, ul, li, a).',
  'section_order lists the sections shown after the hero: about, episodes, hosts, subscribe, call_to_action and the ids of additional_sections (custom-...).',
].join('\n');

function factsText(facts: SiteFacts): string {
  return JSON.stringify({
    show: facts.showName,
    description: plainText(facts.descriptionHtml, 3000),
    category: facts.category,
    cover_url: facts.coverUrl,
    feed_url: facts.feedUrl,
    author: facts.authorName,
    owner: facts.ownerName,
    directory_links: facts.directories,
    live_episodes: facts.liveEpisodes,
  });
}

/** Parses a model answer: the JSON object in it, checked against the contract; the issues when it fails. */
export function readAnswer(content: string): { ok: true; layout: TWebsiteLayout; reply: string | null } | { ok: false; problem: string } {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (!json) return { ok: false, problem: 'The answer held no JSON object.' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, problem: `The JSON did not parse: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = ZAnswer.safeParse(value);
  if (parsed.success) return { ok: true, layout: parsed.data.layout, reply: parsed.data.reply ?? null };
  return { ok: false, problem: z.prettifyError(parsed.error) };
}

/** Asks the model, and once more with what was wrong; null when neither answer fits the contract. */
async function ask(complete: Complete, prompt: string): Promise<{ layout: TWebsiteLayout; reply: string | null } | null> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: prompt },
  ];
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const content = await complete(messages, { json: true });
    const answer = readAnswer(content);
    if (answer.ok) return answer;
    messages.push(
      { role: 'assistant', content },
      { role: 'user', content: `That answer does not fit the schema:\n${answer.problem}\nAnswer again with the whole JSON object.` },
    );
  }
  return null;
}

/** A layout written by the model from the show's facts, starting from the built-in engine's draft. */
export function modelGenerate(complete: Complete, facts: SiteFacts, draft: TWebsiteLayout) {
  return ask(
    complete,
    [
      `The show: ${factsText(facts)}`,
      `A starting layout (keep its URLs and colours unless they clash; improve the words): ${JSON.stringify(draft)}`,
      'Answer as {"layout": {...}, "reply": "one sentence about the design"}.',
    ].join('\n\n'),
  );
}

/** The current layout changed as the creator asks, with a short reply saying what changed. */
export function modelChat(complete: Complete, facts: SiteFacts, layout: TWebsiteLayout, message: string) {
  return ask(
    complete,
    [
      `The show: ${factsText(facts)}`,
      `The current layout: ${JSON.stringify(layout)}`,
      `The creator asks: """${message}"""`,
      'Answer as {"layout": <the whole updated layout>, "reply": "one or two sentences saying what you changed"}.',
    ].join('\n\n'),
  );
}
