import { useEffect, useRef, useState } from 'react';
import { emptyDraft, testModeDefaults, withFreshSchedule, withSuggestedNumbering, type DetailsDraft } from './details-rules.ts';
import { readPublishPrefs } from './publish-prefs.ts';
import { suggestSchedule } from './schedule.ts';
import { browserZone } from '../../publishing/schedule-time.ts';
import type { Numbering } from './use-details-data.ts';

/** A fresh draft: the stored publish preferences and the default schedule suggestion, in the zone last chosen or the browser's. */
export function freshDraft(now: Date = new Date()): DetailsDraft {
  const prefs = readPublishPrefs();
  const stored = prefs.scheduleAt ? new Date(prefs.scheduleAt) : null;
  return emptyDraft(suggestSchedule(now, stored, prefs.scheduleZone ?? browserZone()), {
    publishMode: prefs.publishMode,
    visibility: prefs.visibility,
  });
}

/**
 * Fills a draft the wizard had not started yet, once: the suggested numbering into empty fields,
 * and in admin test mode the draft mode, 'Test - ' title, season and episode. A draft the creator
 * already worked on (value given at mount) is left as it is.
 */
export function useDraftSetup(
  value: DetailsDraft | null,
  onChange: (draft: DetailsDraft) => void,
  numbering: Numbering | null,
  testMode: boolean | null,
): DetailsDraft {
  const [fresh] = useState(value === null);
  const [initial] = useState(() => value ?? freshDraft());
  const draft = value ?? initial;
  const started = useRef(false);
  const filled = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (value === null) onChange(draft);
    else {
      const refreshed = withFreshSchedule(draft, new Date());
      if (refreshed !== draft) onChange(refreshed);
    }
  }, [value, draft, onChange]);

  useEffect(() => {
    if (filled.current || !numbering || testMode === null) return;
    filled.current = true;
    const next = fresh && testMode ? testModeDefaults(draft, numbering, new Date()) : withSuggestedNumbering(draft, numbering);
    if (
      next.season !== draft.season ||
      next.episodeNumber !== draft.episodeNumber ||
      next.title !== draft.title ||
      next.publishMode !== draft.publishMode
    )
      onChange(next);
  }, [numbering, testMode, fresh, draft, onChange]);

  return draft;
}
