import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import type { TPodcast } from '@ppp/contracts';
import type { DraftProblems, TemplateDraft } from './editor-state.ts';

interface Props {
  draft: TemplateDraft;
  shows: readonly Pick<TPodcast, 'id' | 'name'>[];
  problems: DraftProblems | null;
  onChange: (patch: Partial<TemplateDraft>) => void;
}

/** Basics: the template's name, description and show (required). */
export function BasicsSection({ draft, shows, problems, onChange }: Props) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Template name"
        required
        value={draft.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        error={problems?.name}
        maxLength={200}
      />
      <Select
        label="Show"
        required
        placeholder={shows.length ? 'Choose a show' : 'Create a show first'}
        data={shows.map((show) => ({ value: show.id, label: show.name }))}
        value={draft.podcast_id}
        onChange={(value) => onChange({ podcast_id: value })}
        error={problems?.podcast_id}
        allowDeselect={false}
      />
      <Textarea
        label="Description"
        description="Shown on the template card when starting an episode."
        autosize
        minRows={2}
        maxRows={6}
        value={draft.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
    </Stack>
  );
}
