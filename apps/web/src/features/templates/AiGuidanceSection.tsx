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
      <InstructionsField
        label="Title instructions"
        description='For example: Start with "Ep:" and keep it under 60 characters.'
        value={draft.title_instructions}
        onChange={(value) => onChange({ title_instructions: value })}
      />
      <InstructionsField
        label="Notes instructions"
        description="For example: max 4 sentences; mention the guest."
        value={draft.notes_instructions}
        onChange={(value) => onChange({ notes_instructions: value })}
      />
      <InstructionsField
        label="Tags instructions"
        description="For example: at most 8 tags."
        value={draft.tags_instructions}
        onChange={(value) => onChange({ tags_instructions: value })}
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

/** One instruction to the AI: a growing text box up to the template's instruction length. */
function InstructionsField(props: { label: string; description: string; value: string; onChange: (value: string) => void }) {
  return (
    <Textarea
      label={props.label}
      description={props.description}
      autosize
      minRows={2}
      maxLength={TEMPLATE.maxInstructionsLength}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
