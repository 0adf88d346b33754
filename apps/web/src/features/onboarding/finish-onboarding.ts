import { ONBOARDING, ONBOARDING_MESSAGES, RECURRING_SCHEDULE_MESSAGES } from '@ppp/contracts';
import { coverBlob, type OnboardingApi } from './onboarding-api.ts';
import { recurringSlots } from './cadence.ts';
import { templateBody } from './template-plan.ts';
import type { WizardState } from './wizard.ts';
import { categoryOfOption } from '../podcast-manager/show-form.ts';

/** A step of finishing failed: the message the user sees (spec 002 section 8) and the cause. */
export class FinishError extends Error {
  override readonly cause: unknown;
  constructor(message: string, cause: unknown) {
    super(message);
    this.name = 'FinishError';
    this.cause = cause;
  }
}

export type FinishPhase = 'show' | 'template' | 'schedule' | 'done';

async function step<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new FinishError(message, error);
  }
}

/**
 * The finish step: the show (unless the import made it), a template from the intro, outro and music,
 * and the recurring schedule. What is made is recorded as it is made, so trying again after a failure
 * carries on instead of making a second show. Resolves with the show's id.
 */
export async function finishOnboarding(
  api: Pick<OnboardingApi, 'addMusicToLibrary' | 'createShow' | 'createTemplate' | 'saveSchedule'>,
  state: WizardState,
  record: (patch: Partial<WizardState>) => void,
  onPhase: (phase: FinishPhase) => void = () => undefined,
): Promise<string> {
  onPhase('show');
  let podcastId = state.importedPodcastId ?? state.createdPodcastId;
  if (!podcastId) {
    const created = await step(ONBOARDING_MESSAGES.createShowFailed, async () =>
      api.createShow({
        name: state.podcastName.trim(),
        description: state.podcastDescription.trim(),
        language: state.showLanguage,
        author_name: state.showAuthor.trim() || `${state.firstName} ${state.lastName}`.trim(),
        owner_email: state.showOwnerEmail.trim(),
        category: categoryOfOption(state.showCategory),
        cover: state.coverArt ? await coverBlob(state.coverArt.path) : null,
      }),
    );
    podcastId = created.id;
    record({ createdPodcastId: podcastId });
  }

  onPhase('template');
  let templateId = state.createdTemplateId;
  if (!templateId) {
    const showId = podcastId;
    const created = await step(ONBOARDING_MESSAGES.templateNotSaved, async () => {
      const music = state.musicId !== ONBOARDING.noMusic ? await api.addMusicToLibrary(state.musicId) : null;
      return api.createTemplate(templateBody(state, showId, music));
    });
    templateId = created.id;
    record({ createdTemplateId: templateId });
  }

  onPhase('schedule');
  const slots = recurringSlots(state);
  if (slots.length > 0) {
    const id = templateId;
    await step(RECURRING_SCHEDULE_MESSAGES.saveFailed, () => api.saveSchedule(id, state.publishZone, slots));
  }
  onPhase('done');
  return podcastId;
}
