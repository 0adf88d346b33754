import { Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { TEMPLATE } from '@ppp/contracts';
import type { DraftProblems, TemplateDraft } from './editor-state.ts';

interface Props {
  draft: TemplateDraft;
  problems: DraftProblems | null;
  onChange: (patch: Partial<TemplateDraft>) => void;
}

/** AI Content guidance: instructions for titles, notes and tags, always-include tags, auto-generate tags, auto fill. */
export function AiGuidanceSection({ draft, problems, onChange }: Props) {
  return (
    <Stack gap="sm">
      <Textarea
        label="Title instructions"
        description='For example: Start with "Ep:" and keep it under 60 characters.'
        autosize
        minRows={2}
        maxLength={TEMPLATE.maxInstructionsLength}
        value={draft.title_instructions}
        onChange={(e) => onChange({ title_instructions: e.currentTarget.value })}
      />
      <Textarea
        label="Notes instructions"
        description="For example: max 4 sentences; mention the guest."
        autosize
        minRows={2}
        maxLength={TEMPLATE.maxInstructionsLength}
        value={draft.notes_instructions}
        onChange={(e) => onChange({ notes_instructions: e.currentTarget.value })}
      />
      <Textarea
        label="Tags instructions"
        description="For example: at most 8 tags."
        autosize
        minRows={2}
        maxLength={TEMPLATE.maxInstructionsLength}
        value={draft.tags_instructions}
        onChange={(e) => onChange({ tags_instructions: e.currentTarget.value })}
      />
      <TextInput
        label="Always include tags"
        description={`Comma separated; duplicates ignoring case are dropped; at most ${TEMPLATE.maxTags}, each at most ${TEMPLATE.maxTagLength} characters.`}
        value={draft.tags_always_include}
        onChange={(e) => onChange({ tags_always_include: e.currentTarget.value })}
        error={problems?.tags_always_include}
      />
      <Switch
        label="Auto-generate tags"
        checked={draft.auto_generate_tags}
        onChange={(e) => onChange({ auto_generate_tags: e.currentTarget.checked })}
      />
      <Switch
        label="Auto fill title, description and tags with AI"
        checked={draft.auto_fill_ai}
        onChange={(e) => onChange({ auto_fill_ai: e.currentTarget.checked })}
      />
    </Stack>
  );
}
