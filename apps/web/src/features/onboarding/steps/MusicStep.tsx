import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc.ts';
import { ActionIcon, Badge, Group, Loader, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { ONBOARDING, type TMusicAsset } from '@ppp/contracts';
import type { StepProps } from './step-props.ts';

/** While a fresh instance renders its built-in beds, the list is asked for again this often. */
const PREPARING_POLL_MS = 3000;

/** One audio element for the step: a preview stops at 20 s, and one bed plays at a time. */
function usePreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(() => {
    const element = new Audio();
    element.preload = 'none';
    const stop = () => setPlaying(null);
    element.addEventListener('ended', stop);
    element.addEventListener('timeupdate', () => {
      if (element.currentTime >= ONBOARDING.musicPreviewSeconds) {
        element.pause();
        element.currentTime = 0;
        stop();
      }
    });
    audio.current = element;
    return () => element.pause();
  }, []);
  const toggle = (asset: TMusicAsset) => {
    const element = audio.current;
    if (!element) return;
    element.pause();
    if (playing === asset.id) return setPlaying(null);
    element.src = asset.preview_url;
    element.currentTime = 0;
    element.play().then(
      () => setPlaying(asset.id),
      () => setPlaying(null),
    );
  };
  return { playing, toggle };
}

type TPreview = ReturnType<typeof usePreview>;

function PreviewButton({ asset, preview }: { asset: TMusicAsset; preview: TPreview }) {
  const playing = preview.playing === asset.id;
  return (
    <Tooltip label={playing ? 'Stop preview' : 'Play preview'}>
      <ActionIcon
        component="span"
        role="button"
        tabIndex={0}
        variant="light"
        size="lg"
        radius="xl"
        aria-label={`${playing ? 'Stop' : 'Play'} ${asset.display_name}`}
        onClick={(e) => (e.preventDefault(), e.stopPropagation(), preview.toggle(asset))}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), e.stopPropagation(), preview.toggle(asset))}
      >
        {playing ? <IconPlayerStopFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

function MusicCard({ asset, preview }: { asset: TMusicAsset; preview: TPreview }) {
  return (
    <Radio.Card value={asset.id} radius="md" p="md" withBorder aria-label={asset.display_name}>
      <Group wrap="nowrap" justify="space-between">
        <Group wrap="nowrap">
          <Radio.Indicator />
          <div>
            <Text fw={600}>{asset.display_name}</Text>
            <Group gap={4} mt={4}>
              {asset.mood_tags.map((tag) => (
                <Badge key={tag} size="sm" variant="light">
                  {tag}
                </Badge>
              ))}
            </Group>
          </div>
        </Group>
        <PreviewButton asset={asset} preview={preview} />
      </Group>
    </Radio.Card>
  );
}

function NoMusicCard() {
  return (
    <Radio.Card value={ONBOARDING.noMusic} radius="md" p="md" withBorder>
      <Group wrap="nowrap">
        <Radio.Indicator />
        <div>
          <Text fw={600}>No music</Text>
          <Text size="sm" c="dimmed">
            Intro and outro play without a bed.
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

/** Background music from the shared library (20 s previews), or none. */
export function MusicStep({ state, update }: StepProps) {
  const assets = trpc.music.assets.useQuery(undefined, {
    refetchInterval: (q) => (q.state.data && !q.state.data.preparing ? false : PREPARING_POLL_MS),
  });
  const preview = usePreview();
  const list = assets.data?.assets ?? [];
  const preparing = !assets.data || assets.data.preparing;

  return (
    <Radio.Group
      value={state.musicId}
      onChange={(musicId) => update({ musicId })}
      label="Background music"
      description={`Previews play the first ${ONBOARDING.musicPreviewSeconds} seconds.`}
    >
      <Stack gap="xs" mt="sm">
        <NoMusicCard />
        {list.map((asset) => (
          <MusicCard key={asset.id} asset={asset} preview={preview} />
        ))}
        {preparing || assets.isError ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {assets.isError ? 'The music library is unavailable right now.' : 'Preparing the music library…'}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Radio.Group>
  );
}
