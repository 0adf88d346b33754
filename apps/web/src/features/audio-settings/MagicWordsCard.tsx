import { Switch, TextInput } from '@mantine/core';
import { splitPhraseList, type TAudioCleanupSettings } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';

interface MagicWordsCardProps {
  values: TAudioCleanupSettings;
  setValues: (values: TAudioCleanupSettings) => void;
}

/** Magic words: the Flubber and Intern trigger words and the Intern's stop phrases. */
export function MagicWordsCard({ values, setValues }: MagicWordsCardProps) {
  const { flubber, intern } = values.commands;
  const setCommands = (next: Partial<TAudioCleanupSettings['commands']>) =>
    setValues({ ...values, commands: { ...values.commands, ...next } });
  return (
    <TitledCard title="Magic words" gap="md">
      <TextInput
        label="Flubber trigger word"
        description="Say it right after a mistake; the retake is cut."
        value={flubber.trigger_keyword}
        onChange={(e) => setCommands({ flubber: { ...flubber, trigger_keyword: e.currentTarget.value } })}
      />
      <TextInput
        label="Intern trigger word"
        description="Say it, then a question or instruction for the AI."
        value={intern.trigger_keyword}
        onChange={(e) => setCommands({ intern: { ...intern, trigger_keyword: e.currentTarget.value } })}
      />
      <TextInput
        label="Intern stop phrases"
        description="Separated by commas or pipes."
        defaultValue={intern.end_markers.join(', ')}
        onBlur={(e) => setCommands({ intern: { ...intern, end_markers: splitPhraseList(e.currentTarget.value) } })}
      />
      <Switch
        label="Remove the stop phrase from the audio"
        checked={intern.remove_end_marker}
        onChange={(e) => setCommands({ intern: { ...intern, remove_end_marker: e.currentTarget.checked } })}
      />
      <Switch
        label="Keep the command word in the transcript"
        checked={intern.keep_command_token_in_transcript}
        onChange={(e) => setCommands({ intern: { ...intern, keep_command_token_in_transcript: e.currentTarget.checked } })}
      />
    </TitledCard>
  );
}
