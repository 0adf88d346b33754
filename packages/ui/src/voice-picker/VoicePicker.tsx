import { Alert, Button, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TTS_MESSAGES, type TVoice } from '@ppp/contracts';
import { useVoiceList, type LoadVoices } from './use-voice-list.ts';
import { useVoicePreview } from './use-voice-preview.ts';
import { VoiceRow } from './VoiceRow.tsx';

export interface VoicePickerProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (voice: TVoice) => void;
  selectedVoiceId?: string | null;
  /** One page of voices (50 a page); the search is passed through as typed. */
  loadVoices: LoadVoices;
  /** A URL an audio element can play for the voice (its preview_url, or a generated sample). */
  previewSource: (voice: TVoice) => Promise<string>;
}

/** 'Choose a Voice' (spec 000 section 2): search, preview, pick; pages of 50 with 'Load more'. */
export function VoicePicker({ opened, onClose, onSelect, selectedVoiceId, loadVoices, previewSource }: VoicePickerProps) {
  const list = useVoiceList(opened, loadVoices);
  const preview = useVoicePreview(opened, previewSource, list.setError);
  const { voices, total, loading, error } = list;

  return (
    <Modal opened={opened} onClose={onClose} title={TTS_MESSAGES.chooseVoice} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <TextInput
          label="Search voices"
          placeholder="Name, accent, gender..."
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {error && <Alert color="yellow">{error}</Alert>}
        <Text size="xs" c="dimmed" aria-live="polite">
          {loading ? 'Loading voices…' : `${total} voice${total === 1 ? '' : 's'}`}
        </Text>
        <Stack gap={4} role="list" aria-label="Voices">
          {voices.map((voice) => (
            <VoiceRow
              key={voice.voice_id}
              voice={voice}
              selected={voice.voice_id === selectedVoiceId}
              playing={preview.playing === voice.voice_id}
              previewing={preview.previewing === voice.voice_id}
              onPreview={(v) => void preview.togglePreview(v)}
              onSelect={onSelect}
            />
          ))}
          {!loading && voices.length === 0 && !error && (
            <Text size="sm" c="dimmed">
              No voices match.
            </Text>
          )}
        </Stack>
        {loading && voices.length === 0 && <Loader size="sm" aria-label="Loading voices" />}
        {voices.length < total && (
          <Button variant="subtle" onClick={() => void list.more()} loading={loading}>
            Load more voices
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
