import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconPlayerPlayFilled, IconPlayerStopFilled, IconSearch } from '@tabler/icons-react';
import { TTS_MESSAGES, VOICES, type TVoice, type TVoicePage } from '@ppp/contracts';

export interface VoicePickerProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (voice: TVoice) => void;
  selectedVoiceId?: string | null;
  /** One page of voices (50 a page); the search is passed through as typed. */
  loadVoices: (query: { search: string; page: number; size: number }) => Promise<TVoicePage>;
  /** A URL an audio element can play for the voice (its preview_url, or a generated sample). */
  previewSource: (voice: TVoice) => Promise<string>;
}

const PROVIDER_LABELS: Record<TVoice['provider'], string> = {
  espeak: 'eSpeak NG',
  elevenlabs: 'ElevenLabs',
  google: 'Google',
  openai: 'OpenAI',
};
const SEARCH_DELAY_MS = 250;

/** The labels worth showing beside a voice: gender, accent, age, style. */
export function voiceLabels(voice: TVoice): string[] {
  return ['gender', 'accent', 'age', 'style'].flatMap((key) => (voice.labels[key] ? [voice.labels[key]] : []));
}

/** 'Choose a Voice' (spec 000 section 2): search, preview, pick; pages of 50 with 'Load more'. */
export function VoicePicker({ opened, onClose, onSelect, selectedVoiceId, loadVoices, previewSource }: VoicePickerProps) {
  const [search, setSearch] = useState('');
  const [voices, setVoices] = useState<TVoice[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const request = useRef(0);

  useEffect(() => {
    if (!opened) return;
    const ticket = ++request.current;
    const timer = setTimeout(() => {
      setLoading(true);
      setError(null);
      loadVoices({ search: search.trim(), page: 1, size: VOICES.pageSize })
        .then((result) => {
          if (ticket !== request.current) return;
          setVoices(result.items);
          setTotal(result.total);
          setPage(1);
        })
        .catch(() => ticket === request.current && setError(TTS_MESSAGES.voiceListUnavailable))
        .finally(() => ticket === request.current && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened, search, loadVoices]);

  // Closing the picker stops a preview; the pause event clears the playing mark.
  useEffect(() => {
    if (!opened) return;
    return () => audio.current?.pause();
  }, [opened]);

  async function more() {
    const ticket = ++request.current;
    setLoading(true);
    try {
      const result = await loadVoices({ search: search.trim(), page: page + 1, size: VOICES.pageSize });
      if (ticket !== request.current) return;
      setVoices((list) => [...list, ...result.items]);
      setPage(page + 1);
    } finally {
      if (ticket === request.current) setLoading(false);
    }
  }

  async function togglePreview(voice: TVoice) {
    audio.current ??= new Audio();
    const element = audio.current;
    element.onended = () => setPlaying(null);
    element.onpause = () => setPlaying(null);
    if (playing === voice.voice_id) {
      element.pause();
      setPlaying(null);
      return;
    }
    element.pause();
    setPreviewing(voice.voice_id);
    try {
      element.src = await previewSource(voice);
      await element.play();
      setPlaying(voice.voice_id);
    } catch {
      setPlaying(null);
      setError(`Preview of ${voice.common_name} is not available.`);
    } finally {
      setPreviewing(null);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={TTS_MESSAGES.chooseVoice} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <TextInput
          label="Search voices"
          placeholder="Name, accent, gender..."
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {error && <Alert color="yellow">{error}</Alert>}
        <Text size="xs" c="dimmed" aria-live="polite">
          {loading ? 'Loading voices…' : `${total} voice${total === 1 ? '' : 's'}`}
        </Text>
        <Stack gap={4} role="list" aria-label="Voices">
          {voices.map((voice) => {
            const selected = voice.voice_id === selectedVoiceId;
            return (
              <Group
                key={voice.voice_id}
                role="listitem"
                wrap="nowrap"
                gap="xs"
                p={6}
                style={{ borderRadius: 8, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
              >
                <Tooltip label={playing === voice.voice_id ? 'Stop preview' : 'Preview'}>
                  <ActionIcon
                    variant="light"
                    aria-label={`${playing === voice.voice_id ? 'Stop preview of' : 'Preview'} ${voice.common_name}`}
                    loading={previewing === voice.voice_id}
                    onClick={() => void togglePreview(voice)}
                  >
                    {playing === voice.voice_id ? <IconPlayerStopFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
                  </ActionIcon>
                </Tooltip>
                <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => onSelect(voice)} aria-label={`Choose ${voice.common_name}`}>
                  <Text size="sm" fw={600} truncate="end">
                    {voice.common_name}
                  </Text>
                  <Group gap={4} wrap="wrap">
                    <Badge size="xs" variant="outline">
                      {PROVIDER_LABELS[voice.provider]}
                    </Badge>
                    {voiceLabels(voice).map((label) => (
                      <Badge key={label} size="xs" variant="light" color="gray">
                        {label}
                      </Badge>
                    ))}
                  </Group>
                </UnstyledButton>
                {selected && <IconCheck size={18} color="var(--mantine-color-blue-6)" aria-label="Selected" />}
              </Group>
            );
          })}
          {!loading && voices.length === 0 && !error && (
            <Text size="sm" c="dimmed">
              No voices match.
            </Text>
          )}
        </Stack>
        {loading && voices.length === 0 && <Loader size="sm" aria-label="Loading voices" />}
        {voices.length < total && (
          <Button variant="subtle" onClick={() => void more()} loading={loading}>
            Load more voices
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
