import { TRANSCRIPTION_ENGINE_ORDER } from '@ppp/contracts';
import { NoEngineAvailableError, type TranscriptionEngine } from './engine.ts';

/**
 * The first engine that can run, in the product's order (whisper.cpp, then an OpenAI-compatible
 * endpoint when configured, then pocketsphinx). An operator's `preferences` replace that order and
 * leave out the engines they do not name, so 'only pocketsphinx' means exactly that.
 */
export async function chooseEngine(
  preferences: readonly string[] | undefined,
  engines: readonly TranscriptionEngine[],
): Promise<TranscriptionEngine> {
  const order: readonly string[] = preferences && preferences.length > 0 ? preferences : TRANSCRIPTION_ENGINE_ORDER;
  const rank = (engine: TranscriptionEngine) => {
    const at = order.indexOf(engine.name);
    return at === -1 ? order.length : at;
  };
  const ranked = engines
    .map((engine, given) => ({ engine, given }))
    .filter(({ engine }) => order.includes(engine.name))
    .sort((a, b) => rank(a.engine) - rank(b.engine) || a.given - b.given)
    .map(({ engine }) => engine);
  for (const engine of ranked) {
    if (await engine.available()) return engine;
  }
  throw new NoEngineAvailableError(ranked.map((engine) => engine.name));
}
