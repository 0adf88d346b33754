import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Card, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { EPISODE_CREATOR_MESSAGES, formatCutTime, type TFillerContext, type TRetakeSuggestionContext } from '@ppp/contracts';
import { SnippetWaveform } from '@ppp/ui';
import type { FlubberCut } from './creator-rules.ts';
import type { RetakeExtras, RetakeExtrasAction } from './retake-extras.ts';

interface Props {
  extras: RetakeExtras | null;
  dispatch(action: RetakeExtrasAction): void;
}

const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

/** A take said twice with no "flubber": listen, and check it to cut the first take (never cut unasked). */
function SuggestionCard({ context, cut, dispatch }: { context: TRetakeSuggestionContext; cut: FlubberCut } & Pick<Props, 'dispatch'>) {
  const at = formatCutTime(context.first_start_s * 1000);
  return (
    <Card withBorder padding="sm" data-testid="retake-suggestion">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            checked={cut.cut}
            onChange={(event) => dispatch({ type: 'toggleSuggestion', index: context.suggestion_index, cut: event.currentTarget.checked })}
            label={`Cut the first take at ${at}`}
            description={`“${context.first_text}” was said again: “${context.second_text}”`}
          />
          <Badge variant="light" color={context.confidence >= 0.6 ? 'blue' : 'gray'}>
            {percent(context.confidence)} sure
          </Badge>
        </Group>
        {context.url ? (
          <SnippetWaveform
            url={context.url}
            label={`the repeated take at ${at}`}
            highlight={{ start: cut.start_s - context.snippet_start_s, end: cut.end_s - context.snippet_start_s }}
            onHighlightChange={(start, end) =>
              dispatch({
                type: 'setSuggestionRange',
                index: context.suggestion_index,
                start_s: start + context.snippet_start_s,
                end_s: end + context.snippet_start_s,
              })
            }
            unavailableText={EPISODE_CREATOR_MESSAGES.snippetUnavailable}
          />
        ) : (
          <Text size="sm" c="red">
            {EPISODE_CREATOR_MESSAGES.snippetUnavailable}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Plays one snippet from start to end, once; a second press stops it. */
function PlayButton({ url, label }: { url: string | null; label: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);
  const toggle = () => {
    if (!url) return;
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    audio.current ??= new Audio(url);
    audio.current.currentTime = 0;
    audio.current.onended = () => setPlaying(false);
    void audio.current.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  };
  return (
    <ActionIcon variant="light" radius="xl" disabled={!url} onClick={toggle} aria-label={playing ? `Pause ${label}` : `Play ${label}`}>
      {playing ? <IconPlayerPauseFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
    </ActionIcon>
  );
}

function FillerRow({ context, cut, dispatch }: { context: TFillerContext; cut: boolean } & Pick<Props, 'dispatch'>) {
  const at = formatCutTime(context.cut_start_s * 1000);
  const heard = context.by_sound ? `a held “${context.filler}” heard at ${at}` : `“${context.text}” at ${at}`;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="filler-row">
      <PlayButton url={context.url} label={`the filler at ${at}`} />
      <Checkbox
        checked={cut}
        onChange={(event) => dispatch({ type: 'toggleFiller', index: context.filler_index, cut: event.currentTarget.checked })}
        label={`Cut ${heard}`}
      />
    </Group>
  );
}

/**
 * Beside the retakes (issue 33): takes said twice with no "flubber", unchecked until you check one,
 * and every filler the assembly cuts, each with its audio; uncheck a filler to keep it.
 */
export function RetakeExtrasReview({ extras, dispatch }: Props) {
  if (!extras || (extras.suggestions.length === 0 && extras.fillers.length === 0)) return null;
  return (
    <Stack gap="sm">
      {extras.suggestions.length > 0 && (
        <Stack gap="xs">
          <Text fw={700}>Said twice without “flubber”</Text>
          <Text size="xs" c="dimmed">
            These look like a take you dropped and started again. Nothing is cut unless you check it.
          </Text>
          {extras.suggestions.map((context) => {
            const cut = extras.suggestionCuts[context.suggestion_index];
            return cut ? <SuggestionCard key={context.suggestion_index} context={context} cut={cut} dispatch={dispatch} /> : null;
          })}
        </Stack>
      )}
      {extras.fillers.length > 0 && (
        <Stack gap="xs">
          <Text fw={700}>Fillers to cut ({Object.values(extras.fillerCuts).filter(Boolean).length})</Text>
          <ScrollArea.Autosize mah={240} type="auto">
            <Stack gap={6}>
              {extras.fillers.map((context) => (
                <FillerRow
                  key={context.filler_index}
                  context={context}
                  cut={extras.fillerCuts[context.filler_index] === true}
                  dispatch={dispatch}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}
