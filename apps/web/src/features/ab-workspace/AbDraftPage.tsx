import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { abChecklist, type TAbDraft, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { AbChecklist } from './AbChecklist.tsx';
import { AbDetailsCard } from './AbDetailsCard.tsx';
import { AbIntroOutro, IntroOutroStatus } from './AbIntroOutro.tsx';
import { AbPublishPanel } from './AbPublishPanel.tsx';
import { TranscriptBadge } from './AbUploadPage.tsx';
import type { AbView } from './ab-routing.ts';

interface AbDraftPageProps {
  draft: TAbDraft;
  view: Exclude<AbView, 'creator-upload'>;
  onView(view: AbView): void;
  me: TMe;
}

/** One draft: the checklist and details (creator-finalize), intro/outro (creator-step3), then Finalize. */
export function AbDraftPage({ draft, view, onView }: AbDraftPageProps) {
  const templates = trpc.templates.list.useQuery();
  const template = templates.data?.find((t) => t.id === draft.template);
  const ready = abChecklist(draft).every(Boolean);
  const [finalizing, setFinalizing] = useState(false);
  useEffect(() => {
    if (finalizing) document.getElementById('ab-finalize')?.scrollIntoView({ behavior: 'smooth' });
  }, [finalizing]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {draft.title || draft.display_name}
          </Title>
          <Group gap="xs">
            <TranscriptBadge state={draft.transcript} />
            <IntroOutroStatus status={draft.introoutro_status} />
            {draft.template_name && (
              <Text size="sm" c="dimmed">
                Template: {draft.template_name}
              </Text>
            )}
          </Group>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => onView(view === 'creator-step3' ? 'creator-finalize' : 'creator-upload')}
        >
          Back
        </Button>
      </Group>
      {view === 'creator-step3' ? (
        <AbIntroOutro key={`${draft.id}-${draft.template ?? ''}`} draft={draft} template={template} />
      ) : (
        <>
          <AbChecklist draft={draft} onFinalize={() => setFinalizing(true)} onIntroOutro={() => onView('creator-step3')} />
          <AbDetailsCard draft={draft} templates={templates.data ?? []} />
          {(finalizing || draft.episode_id) && ready && <AbPublishPanel key={draft.id} draft={draft} />}
        </>
      )}
    </Stack>
  );
}
