import type { ReactNode } from 'react';
import { Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { TAiTagsRequest } from '@ppp/contracts';
import { AiSuggestButton } from './AiSuggestButton.tsx';
import { TagSuggestions } from './TagSuggestions.tsx';
import type { AiErrorWording } from './ai-suggest.ts';

interface Props {
  field: 'title' | 'description' | 'tags';
  /** The upload (hint) or the episode (episode_id) whose transcript is read, and the fields as they stand. */
  request: TAiTagsRequest;
  transcriptReady: boolean;
  /** The screen whose words a failure is told in (the Episode Creator's unless given). */
  wording?: AiErrorWording;
  /** The field as it stands (tags comma separated); typing and a taken suggestion both change it. */
  value: string;
  onChange(value: string): void;
  id?: string;
  /** The title's label (the description and the tags are labelled 'Description' and 'Tags'). */
  label?: string;
  error?: ReactNode;
  maxLength?: number;
  /** The line under the tag field: how tags are written and their limits. */
  hint?: string;
}

/**
 * A text field of an episode with its 'AI Suggest' beside it, as the Episode Creator's details step and
 * the Episode History edit panel both show it: the title with the button at its end, the description
 * and the tags with the button beside their label (tags as chips to take one by one).
 */
export function AiSuggestField(props: Props) {
  if (props.field === 'title') return <AiTitleField {...props} />;
  if (props.field === 'description') return <AiDescriptionField {...props} />;
  const { request, transcriptReady, wording, value, onChange, id = 'episode-tags', hint } = props;
  return (
    <TagSuggestions inputId={id} request={request} transcriptReady={transcriptReady} value={value} onChange={onChange} wording={wording}>
      <TextInput id={id} description={hint} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </TagSuggestions>
  );
}

function AiTitleField({ request, transcriptReady, wording, value, onChange, id, label = 'Title', error, maxLength }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        id={id}
        label={label}
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        maxLength={maxLength}
        style={{ flex: 1 }}
      />
      <Stack justify="flex-end" pb={error ? 22 : 4}>
        <AiSuggestButton field="title" request={request} transcriptReady={transcriptReady} onSuggestion={onChange} wording={wording} />
      </Stack>
    </Group>
  );
}

function AiDescriptionField({ request, transcriptReady, wording, value, onChange, id = 'episode-description', maxLength }: Props) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500} component="label" htmlFor={id}>
          Description
        </Text>
        <AiSuggestButton
          field="description"
          request={request}
          transcriptReady={transcriptReady}
          onSuggestion={onChange}
          wording={wording}
        />
      </Group>
      <Textarea
        id={id}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Stack>
  );
}
