import { Group, Progress, Text } from '@mantine/core';

export interface UploadProgressProps {
  /** What is being sent (a file or friendly name). */
  label: string;
  /** 0-100. */
  percent: number;
  /** Shown instead of the percentage once done or failed. */
  status?: string;
  color?: string;
}

/** One upload's 0-100% bar with its label, as the media library, pre-upload and dashboard show it. */
export function UploadProgress({ label, percent, status, color = 'indigo' }: UploadProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text size="sm" truncate="end" title={label}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} data-testid="upload-percent">
          {status ?? `${value}%`}
        </Text>
      </Group>
      <Progress value={value} color={color} size="md" aria-label={`${label}: ${value}%`} animated={value < 100 && !status} />
    </div>
  );
}
