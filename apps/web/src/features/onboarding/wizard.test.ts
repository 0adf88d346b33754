import { describe, expect, it } from 'vitest';
import { NEW_SHOW_STEPS, ONBOARDING_MESSAGES, PODCAST_MESSAGES } from '@ppp/contracts';
import {
  autoAdvance,
  autoAdvanceDelay,
  initialState,
  nextStep,
  nextVisible,
  previousStep,
  resumeState,
  stepFromNumber,
  stepNumber,
  stepProblem,
  stepsFor,
  switchToNewShowPath,
  type WizardState,
} from './wizard.ts';

const base = (patch: Partial<WizardState> = {}): WizardState => ({ ...initialState('user-1'), ...patch });

describe('step order', () => {
  it('follows the spec on the new-show path', () => {
    expect(stepsFor('new')).toEqual([
      'yourName',
      'choosePath',
      'showDetails',
      'format',
      'coverArt',
      'introOutro',
      'ttsReview',
      'music',
      'spreaker',
      'publishCadence',
      'publishSchedule',
      'finish',
    ]);
  });

  it('continues the import path with rss, confirm, importing, analyze, assets, importSuccess', () => {
    expect(stepsFor('import').slice(2)).toEqual(['rss', 'confirm', 'importing', 'analyze', 'assets', 'importSuccess']);
  });

  it('advances by index, capped at the last step', () => {
    expect(nextStep('new', 'yourName')).toBe('choosePath');
    expect(nextStep('new', 'publishSchedule')).toBe('finish');
    expect(nextStep('new', 'finish')).toBe('finish');
    expect(nextStep('import', 'importSuccess')).toBe('importSuccess');
  });

  it('goes back one step, but not before the first, nor before where an import left the show', () => {
    expect(previousStep(base({ step: 'showDetails' }))).toBe('choosePath');
    expect(previousStep(base({ step: 'yourName' }))).toBeNull();
    expect(previousStep(base({ step: 'introOutro', importedPodcastId: 'p1' }))).toBeNull();
    expect(previousStep(base({ step: 'music', importedPodcastId: 'p1' }))).toBe('ttsReview');
  });

  it('numbers steps from 1 and clamps step=N', () => {
    expect(stepNumber('new', 'introOutro')).toBe(6);
    expect(stepFromNumber('new', 6)).toBe('introOutro');
    expect(stepFromNumber('new', 99)).toBe('finish');
    expect(stepFromNumber('new', 0)).toBe('yourName');
  });
});

describe('Next and the automatic advances', () => {
  it('hides Next on choosePath and ttsReview only', () => {
    const hidden = NEW_SHOW_STEPS.filter((step) => !nextVisible(step));
    expect(hidden).toEqual(['choosePath', 'ttsReview']);
    expect(nextVisible('rss')).toBe(true);
  });

  it('moves skipNotice after 0.9 s, importing after 1 s, analyze and assets after 0.8 s', () => {
    expect(autoAdvanceDelay('skipNotice')).toBe(900);
    expect(autoAdvanceDelay('importing')).toBe(1000);
    expect(autoAdvanceDelay('analyze')).toBe(800);
    expect(autoAdvanceDelay('assets')).toBe(800);
    expect(autoAdvanceDelay('confirm')).toBeNull();
  });

  it('takes analyze to assets to importSuccess, and skipNotice to the new-show path', () => {
    expect(autoAdvance(base({ path: 'import', step: 'analyze' })).step).toBe('assets');
    expect(autoAdvance(base({ path: 'import', step: 'assets' })).step).toBe('importSuccess');
    expect(autoAdvance(base({ path: 'import', step: 'skipNotice' }))).toMatchObject({ path: 'new', step: 'showDetails' });
  });

  it('switches an import to the new-show path at step 6', () => {
    const after = switchToNewShowPath(base({ path: 'import', step: 'importSuccess', importedPodcastId: 'p1', podcastName: 'Harbour' }));
    expect(after).toMatchObject({ path: 'new', step: 'introOutro', importedPodcastId: 'p1', podcastName: 'Harbour' });
    expect(stepNumber(after.path, after.step)).toBe(6);
  });
});

describe('stepProblem (spec 002 section 5)', () => {
  it('needs a first name, a show name of 4 characters trimmed and a description', () => {
    expect(stepProblem(base({ step: 'yourName', firstName: '  ' }))).toBe('First name is required');
    expect(stepProblem(base({ step: 'yourName', firstName: 'Ada' }))).toBeNull();
    expect(stepProblem(base({ step: 'showDetails', podcastName: ' abc ', podcastDescription: 'x' }))).toBe(
      'Name must be at least 4 characters',
    );
    expect(stepProblem(base({ step: 'showDetails', podcastName: 'abcd', podcastDescription: ' ' }))).toBe(
      ONBOARDING_MESSAGES.descriptionRequired,
    );
  });

  it('asks the show details step for the primary category the feed check needs, with the language and author beside it', () => {
    const details = base({ step: 'showDetails', podcastName: 'Night Owls', podcastDescription: 'After dark.' });
    expect(stepProblem(details)).toBe(PODCAST_MESSAGES.categoryRequired);
    expect(stepProblem({ ...details, showCategory: 'Society & Culture' })).toBeNull();
  });

  it("asks the new show's owner email, the account's until changed, and refuses one that is not an address", () => {
    const fresh = resumeState(null, { userId: 'user-1', email: 'ada@example.com', search: new URLSearchParams() });
    expect(fresh.showOwnerEmail).toBe('ada@example.com');
    const details = {
      ...fresh,
      step: 'showDetails' as const,
      podcastName: 'Night Owls',
      podcastDescription: 'After dark.',
      showCategory: 'Arts',
    };
    expect(stepProblem(details)).toBeNull();
    expect(stepProblem({ ...details, showOwnerEmail: 'ada at home' })).toBe(ONBOARDING_MESSAGES.ownerEmailInvalid);
    // Left empty, the server writes the account's address.
    expect(stepProblem({ ...details, showOwnerEmail: '' })).toBeNull();
  });

  it('needs cover art, a script or a file for intro and outro, and the host', () => {
    expect(stepProblem(base({ step: 'coverArt' }))).toBe(ONBOARDING_MESSAGES.coverRequired);
    const introOutro = base({ step: 'introOutro' });
    expect(stepProblem(introOutro)).toBe('intro: AI voice script is required');
    const withIntro = {
      ...introOutro,
      intro: { ...introOutro.intro, script: 'Hello' },
      outro: { ...introOutro.outro, mode: 'upload' as const },
    };
    expect(stepProblem(withIntro)).toBe(ONBOARDING_MESSAGES.fileRequired('outro'));
    expect(stepProblem(withIntro, { filesChosen: { outro: true } })).toBeNull();
    expect(stepProblem({ ...withIntro, outroMedia: { id: 'm', display_name: 'Outro', filename: 'o.mp3', source: 'upload' } })).toBeNull();
    expect(stepProblem(base({ step: 'spreaker' }))).toBe(ONBOARDING_MESSAGES.hostRequired);
    expect(stepProblem(base({ step: 'spreaker', host: 'builtin', hostConnected: true }))).toBeNull();
  });

  it('checks the cadence and the schedule, and the feed URL', () => {
    expect(stepProblem(base({ step: 'publishCadence' }))).toBe('Please choose a frequency.');
    expect(stepProblem(base({ step: 'publishCadence', cadence: { count: 2, unit: 'bi-weekly' } }))).toBe('For bi-weekly, X must be 1.');
    expect(stepProblem(base({ step: 'publishSchedule', cadence: { count: 1, unit: 'week' } }))).toBe(ONBOARDING_MESSAGES.weekdayRequired);
    expect(stepProblem(base({ step: 'rss' }))).toBe('RSS feed required');
  });
});

describe('resumeState', () => {
  const saved = { ...base({ step: 'format', podcastName: 'Night Owls' }) };

  it('resumes the saved step of the same account', () => {
    expect(resumeState(saved, { userId: 'user-1', search: new URLSearchParams() })).toMatchObject({
      step: 'format',
      podcastName: 'Night Owls',
    });
  });

  it('starts afresh for another account, a reset, or something that is not a saved wizard', () => {
    expect(resumeState(saved, { userId: 'user-2', search: new URLSearchParams() }).step).toBe('yourName');
    expect(resumeState(saved, { userId: 'user-1', search: new URLSearchParams('from=manager&reset=1') }).podcastName).toBe('');
    expect(resumeState(saved, { userId: 'user-1', search: new URLSearchParams('reset=true') }).step).toBe('yourName');
    expect(resumeState({ version: 1, userId: 'user-1', step: 'nowhere' }, { userId: 'user-1', search: new URLSearchParams() }).step).toBe(
      'yourName',
    );
    expect(resumeState('garbage', { userId: 'user-1', firstName: 'Ada', search: new URLSearchParams() })).toMatchObject({
      step: 'yourName',
      firstName: 'Ada',
    });
  });

  it('opens step=N of the new-show path', () => {
    expect(resumeState(saved, { userId: 'user-1', search: new URLSearchParams('step=10') })).toMatchObject({
      path: 'new',
      step: 'publishCadence',
      podcastName: 'Night Owls',
    });
  });

  it('does not resume halfway through an import', () => {
    const importing = { ...base({ path: 'import', step: 'importing', rssUrl: 'https://x.test/rss' }) };
    expect(resumeState(importing, { userId: 'user-1', search: new URLSearchParams() }).step).toBe('confirm');
    const imported = { ...importing, step: 'assets', importedPodcastId: 'p1' };
    expect(resumeState(imported, { userId: 'user-1', search: new URLSearchParams() })).toMatchObject({ path: 'new', step: 'introOutro' });
  });
});
