import { Badge, Group, Text } from '@mantine/core';
import { MARKERS } from '@ppp/contracts';

/** Below MARKERS.lowConfidence the creator is told to listen before trusting the marker. */
export function confidenceLabel(confidence: number): { percent: number; low: boolean } {
  return { percent: Math.round(confidence * 100), low: confidence < MARKERS.lowConfidence };
}

/**
 * How sure detection is that a spoken marker was said here (issue 33): the words, the keyword
 * search's hit and the timing combined. Nothing for detections stored before it was measured.
 */
export function MarkerConfidence({ confidence, what }: { confidence: number | undefined; what: string }) {
  if (confidence === undefined) return null;
  const { percent, low } = confidenceLabel(confidence);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="marker-confidence">
      <Badge size="sm" variant="light" color={low ? 'orange' : 'teal'} aria-label={`Confidence that this ${what} was said: ${percent} %`}>
        Confidence {percent} %
      </Badge>
      {low && (
        <Text size="xs" c="orange.8">
          Low confidence: listen first
        </Text>
      )}
    </Group>
  );
}
