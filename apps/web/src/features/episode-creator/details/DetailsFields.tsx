import { Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { ASSEMBLY, type TAiTagsRequest } from '@ppp/contracts';
import { AiSuggestField } from './AiSuggestField.tsx';
import { PublishOptions } from './PublishOptions.tsx';
import { tagList, type DetailsDraft, type DetailsProblems } from './details-rules.ts';

interface Props {
  draft: DetailsDraft;
  shown: DetailsProblems;
  ai: { request: TAiTagsRequest; transcriptReady: boolean };
  autoPublishLocked: boolean;
  patch(change: Partial<DetailsDraft>): void;
}

/** The season and episode numbers, each typed as text and checked on submit. */
function NumberingFields({ draft, shown, patch }: Pick<Props, 'draft' | 'shown' | 'patch'>) {
  return (
    <Group gap="sm" grow align="flex-start">
      <TextInput
        id="details-season"
        label="Season Number"
        withAsterisk
        inputMode="numeric"
        value={draft.season}
        onChange={(event) => patch({ season: event.currentTarget.value })}
      />
      <TextInput
        id="details-episodeNumber"
        label="Episode Number"
        withAsterisk
        inputMode="numeric"
        value={draft.episodeNumber}
        onChange={(event) => patch({ episodeNumber: event.currentTarget.value })}
        error={shown.episodeNumber}
      />
    </Group>
  );
}

/** Step 5's fields: title, numbers, explicit, description, tags (each with AI Suggest where it has one) and publishing. */
export function DetailsFields({ draft, shown, ai, autoPublishLocked, patch }: Props) {
  const tags = tagList(draft.tags);
  return (
    <Stack gap="md">
      <AiSuggestField
        field="title"
        {...ai}
        id="details-title"
        label="Episode Title"
        value={draft.title}
        onChange={(title) => patch({ title })}
        error={shown.title}
        maxLength={ASSEMBLY.maxTitleLength}
      />
      <NumberingFields draft={draft} shown={shown} patch={patch} />
      <Checkbox label="Explicit content" checked={draft.explicit} onChange={(event) => patch({ explicit: event.currentTarget.checked })} />
      <AiSuggestField
        field="description"
        {...ai}
        id="details-description"
        value={draft.description}
        onChange={(description) => patch({ description })}
        maxLength={ASSEMBLY.maxDescriptionLength}
      />
      <AiSuggestField
        field="tags"
        {...ai}
        id="details-tags"
        value={draft.tags}
        onChange={(next) => patch({ tags: next })}
        hint={`Comma separated; up to ${ASSEMBLY.maxTags} tags of up to ${ASSEMBLY.maxTagLength} characters (${tags.length} sent).`}
      />
      <Paper withBorder p="md" radius="md" id="details-schedule" tabIndex={-1}>
        <PublishOptions draft={draft} scheduleError={shown.schedule ?? null} onChange={patch} autoPublishLocked={autoPublishLocked} />
      </Paper>
    </Stack>
  );
}
