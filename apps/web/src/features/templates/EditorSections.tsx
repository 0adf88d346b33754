import { Accordion } from '@mantine/core';
import type { TMediaItem, TPodcast } from '@ppp/contracts';
import type { DraftChange, DraftProblems, TemplateDraft } from './editor-state.ts';
import type { ScheduleDraft } from './schedule-state.ts';
import { BasicsSection } from './BasicsSection.tsx';
import { ScheduleSection } from './ScheduleSection.tsx';
import { AiGuidanceSection } from './AiGuidanceSection.tsx';
import { StructureSection } from './StructureSection.tsx';
import { MusicSection } from './MusicSection.tsx';

interface Props {
  draft: TemplateDraft;
  problems: DraftProblems | null;
  onChange: (change: DraftChange) => void;
  shows: readonly TPodcast[];
  library: { items: TMediaItem[]; loaded: boolean };
  schedule: {
    value: ScheduleDraft;
    next: { date: string | null; time: string | null; timezone: string | null } | null;
    loadFailed: boolean;
  };
  onSchedule: (schedule: ScheduleDraft) => void;
  open: string[];
  onOpen: (sections: string[]) => void;
}

/** The editor's sections, each an accordion item the tour and the save checks can open. */
export function EditorSections({ draft, problems, onChange, shows, library, schedule, onSchedule, open, onOpen }: Props) {
  return (
    <Accordion multiple value={open} onChange={onOpen} variant="separated" chevronPosition="left">
      <Accordion.Item value="basics" data-tour="basics">
        <Accordion.Control>Basics</Accordion.Control>
        <Accordion.Panel>
          <BasicsSection draft={draft} shows={shows} problems={problems} onChange={onChange} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="schedule" data-tour="schedule">
        <Accordion.Control>Recurring Publish Schedule</Accordion.Control>
        <Accordion.Panel>
          <ScheduleSection schedule={schedule.value} next={schedule.next} loadFailed={schedule.loadFailed} onChange={onSchedule} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="ai" data-tour="ai">
        <Accordion.Control>AI Content guidance</Accordion.Control>
        <Accordion.Panel>
          <AiGuidanceSection draft={draft} problems={problems} onChange={onChange} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="structure" data-tour="structure">
        <Accordion.Control>Episode Structure</Accordion.Control>
        <Accordion.Panel>
          <StructureSection
            segments={draft.segments}
            library={library.items}
            libraryLoaded={library.loaded}
            problems={problems?.segments ?? {}}
            onChange={(segments) => onChange({ segments })}
          />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="music" data-tour="music">
        <Accordion.Control>Music & Timing Options</Accordion.Control>
        <Accordion.Panel>
          <MusicSection
            draft={draft}
            library={library.items}
            libraryLoaded={library.loaded}
            problems={problems?.music ?? {}}
            onChange={onChange}
          />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
