import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { TPodcastLanguage } from '@ppp/contracts';
import { CATEGORY_OPTIONS, LANGUAGE_OPTIONS, languageOfBrowser } from './show-form.ts';

export interface ShowBasics {
  language: TPodcastLanguage;
  author: string;
  /** A category option: 'Arts' or 'Arts > Books'. */
  category: string | null;
}

/** A new show's basics, in the browser's language until the creator chooses. */
export function initialShowBasics(author = ''): ShowBasics {
  return { language: languageOfBrowser(globalThis.navigator?.language), author, category: null };
}

/**
 * The fields the feed check asks of every show (spec 001 §3): the language it is spoken in, its author
 * and its primary category. Asked when a show is made (onboarding and the setup wizard), so the first
 * publish is not refused.
 */
export function ShowBasicsFields({
  value,
  onChange,
  categoryError,
  authorPlaceholder,
}: {
  value: ShowBasics;
  onChange: (next: ShowBasics) => void;
  categoryError?: string | null;
  /** Used when the author is left empty (onboarding: the creator's own name). */
  authorPlaceholder?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label="Primary category"
        description="Where directories such as Apple Podcasts list the show."
        required
        data={CATEGORY_OPTIONS}
        value={value.category}
        onChange={(category) => onChange({ ...value, category })}
        searchable
        clearable
        error={categoryError}
      />
      <Select
        label="Language"
        data={LANGUAGE_OPTIONS}
        value={value.language}
        onChange={(language) =>
          onChange({ ...value, language: LANGUAGE_OPTIONS.find((o) => o.value === language)?.value ?? value.language })
        }
        allowDeselect={false}
        searchable
      />
      <TextInput
        label="Author"
        description="The name listeners see as the show’s author."
        value={value.author}
        placeholder={authorPlaceholder}
        onChange={(e) => onChange({ ...value, author: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
