import { AI_TEXT, EPISODE_CREATOR, dedupeIgnoringCase, splitTagList } from '@ppp/contracts';

/** The fields the template's 'Auto fill with AI' writes (spec 000 §3 ai_settings.auto_fill_ai). */
export type AiField = 'title' | 'description' | 'tags';

export interface AiFillable {
  title: string;
  description: string;
  tags: string;
}

export interface AiSuggestions {
  title: string | null;
  description: string | null;
  tags: readonly string[];
}

/** The title the test mode writes before anyone types ('Test - 2026-11-28 09:15'). */
const TEST_PLACEHOLDER = new RegExp(`^${EPISODE_CREATOR.testTitlePrefix.replace(/[-\s]/g, '\\$&')}\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`);

/** Whether the creator has not written a title yet: empty, or only the test mode's placeholder. */
export function titleUntyped(title: string): boolean {
  return title.trim() === '' || TEST_PLACEHOLDER.test(title.trim());
}

/**
 * The tag field with suggested tags added after the ones already there: what the creator typed
 * stays as typed, a suggestion already present (ignoring case) is not added twice, and the field
 * holds at most 20 tags.
 */
export function withTagsAdded(field: string, suggested: readonly string[]): string {
  const current = splitTagList(field);
  const known = new Set(current.map((tag) => tag.toLocaleLowerCase()));
  const room = Math.max(0, AI_TEXT.maxTags - current.length);
  const added = dedupeIgnoringCase(splitTagList(suggested))
    .filter((tag) => !known.has(tag.toLocaleLowerCase()))
    .slice(0, room);
  if (added.length === 0) return field;
  return [...(field.trim() ? [field.trim().replace(/,\s*$/, '')] : []), ...added].join(', ');
}

/** Suggested tags the field does not hold yet (the chips a creator may still accept). */
export function tagsNotIn(field: string, suggested: readonly string[]): string[] {
  const known = new Set(splitTagList(field).map((tag) => tag.toLocaleLowerCase()));
  return dedupeIgnoringCase(splitTagList(suggested)).filter((tag) => !known.has(tag.toLocaleLowerCase()));
}

/**
 * Auto fill: the AI's title, description and tags written into the fields the creator left empty,
 * never over what they typed (a test-mode title keeps its 'Test - ' prefix); tags are added after
 * the typed ones. Says which fields it filled.
 */
export function autoFill<T extends AiFillable>(draft: T, suggestions: AiSuggestions): { draft: T; filled: AiField[] } {
  const filled: AiField[] = [];
  const next = { ...draft };
  if (suggestions.title && titleUntyped(draft.title)) {
    const test = draft.title.trim() !== '';
    next.title = `${test ? EPISODE_CREATOR.testTitlePrefix : ''}${suggestions.title}`;
    filled.push('title');
  }
  if (suggestions.description && draft.description.trim() === '') {
    next.description = suggestions.description;
    filled.push('description');
  }
  const tags = withTagsAdded(draft.tags, suggestions.tags);
  if (tags !== draft.tags) {
    next.tags = tags;
    filled.push('tags');
  }
  return { draft: next, filled };
}

const FIELD_NAMES: Record<AiField, string> = { title: 'the title', description: 'the description', tags: 'tags' };

/** What the Episode Creator says once auto fill ran. */
export function autoFillNotice(filled: readonly AiField[]): string {
  if (filled.length === 0) return 'Auto fill with AI found nothing to add: the fields you had filled in are kept as you wrote them.';
  const names = filled.map((field) => FIELD_NAMES[field]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Filled in ${list} with AI from the transcript (the template has Auto fill with AI on). Change anything you like; what you had typed is kept.`;
}
