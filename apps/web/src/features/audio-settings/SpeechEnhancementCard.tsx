import { useState } from 'react';
import { Alert, Button, Group, List, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { ENHANCEMENT_MESSAGES, MESSAGES, type TAudioCleanupSettings, type TEnhancePreview } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { toApiFailure } from '../../lib/api-error.ts';
import { trpc } from '../../lib/trpc.ts';
import type { PatchSettings } from './use-audio-settings.ts';

interface CardProps {
  values: TAudioCleanupSettings;
  patch: PatchSettings;
}

/** Issue 33: speech enhancement, off by default, with an A/B preview on one of the creator's uploads. */
export function SpeechEnhancementCard({ values, patch }: CardProps) {
  return (
    <TitledCard title="Speech enhancement" gap="md">
      <Switch
        label={ENHANCEMENT_MESSAGES.switchLabel}
        description={ENHANCEMENT_MESSAGES.description}
        checked={values.enhanceSpeech}
        onChange={(e) => patch({ enhanceSpeech: e.currentTarget.checked })}
      />
      <EnhancementPreview />
    </TitledCard>
  );
}

/** Pick an upload, hear 15 s of it as recorded (A) and as enhanced (B), at the same point. */
function EnhancementPreview() {
  const uploads = trpc.media.mainContent.useQuery();
  const [mediaId, setMediaId] = useState<string | null>(null);
  const preview = trpc.episodeCreator.enhancePreview.useMutation();
  const ready = (uploads.data ?? []).filter((item) => item.status === 'ready');
  return (
    <Stack gap="xs">
      <Text fw={600}>{ENHANCEMENT_MESSAGES.previewTitle}</Text>
      {ready.length === 0 ? (
        <Text c="dimmed" size="sm">
          {ENHANCEMENT_MESSAGES.noUploads}
        </Text>
      ) : (
        <Group align="end">
          <Select
            label="Upload"
            placeholder="Choose an upload"
            data={ready.map((item) => ({ value: item.id, label: item.friendly_name || item.filename }))}
            value={mediaId}
            onChange={setMediaId}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            disabled={!mediaId}
            loading={preview.isPending}
            onClick={() => mediaId && preview.mutate({ media_id: mediaId })}
          >
            Preview
          </Button>
        </Group>
      )}
      <Text c="dimmed" size="sm">
        {ENHANCEMENT_MESSAGES.previewHelp}
      </Text>
      {preview.isError && <Alert color="red">{toApiFailure(preview.error).message ?? MESSAGES.unexpected}</Alert>}
      {preview.data && <AbPlayer key={preview.data.enhanced_url} preview={preview.data} />}
    </Stack>
  );
}

/** One player whose source switches between A and B and keeps the playing position. */
function AbPlayer({ preview }: { preview: TEnhancePreview }) {
  const [side, setSide] = useState<'a' | 'b'>('b');
  const [at, setAt] = useState(0);
  const src = side === 'a' ? preview.original_url : preview.enhanced_url;
  return (
    <Stack gap="xs" data-testid="enhance-preview">
      <SegmentedControl
        value={side}
        onChange={(value) => setSide(value === 'a' ? 'a' : 'b')}
        data={[
          { value: 'a', label: 'A: as recorded' },
          { value: 'b', label: 'B: enhanced' },
        ]}
      />
      <audio
        key={src}
        controls
        src={src}
        aria-label={side === 'a' ? 'As recorded' : 'Enhanced'}
        style={{ width: '100%' }}
        onLoadedMetadata={(e) => (e.currentTarget.currentTime = at)}
        onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
      />
      {preview.steps.length === 0 ? (
        <Text size="sm">{ENHANCEMENT_MESSAGES.nothingNeeded}</Text>
      ) : (
        <List size="sm">
          {preview.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        Noise floor {preview.noise_floor_db.toFixed(0)} dBFS, speech {preview.snr_db.toFixed(0)} dB above it.
      </Text>
    </Stack>
  );
}
