import type { TOnboardingStep } from '@ppp/contracts';

/** Each step's heading, short label (the step list) and one line of help. */
export const STEP_COPY: Record<TOnboardingStep, { title: string; label: string; help: string }> = {
  yourName: { title: 'Welcome! What should we call you?', label: 'Your name', help: 'Your name appears in your intro and on your show.' },
  choosePath: { title: 'How would you like to start?', label: 'Start', help: 'Start from scratch, or bring an existing show along.' },
  showDetails: { title: 'Tell us about your show', label: 'Show details', help: 'You can change these later in My Podcasts.' },
  format: { title: 'What is the format?', label: 'Format', help: 'Pick the one closest to your show.' },
  coverArt: { title: 'Add cover art', label: 'Cover art', help: 'Podcast apps show it beside every episode.' },
  introOutro: { title: 'Your intro and outro', label: 'Intro & outro', help: 'An AI voice reads a script, or upload your own recording.' },
  ttsReview: { title: 'Review your intro and outro', label: 'Review', help: 'Listen, rename if you like, then continue or try again.' },
  music: { title: 'Pick background music', label: 'Music', help: 'Royalty-free beds that play under your intro and outro.' },
  spreaker: { title: 'Where will your show live?', label: 'Hosting', help: 'Your episodes are published here.' },
  publishCadence: { title: 'How often will you publish?', label: 'Cadence', help: 'A rhythm helps listeners know when to expect you.' },
  publishSchedule: { title: 'When will you publish?', label: 'Schedule', help: 'Pick your days, or decide later.' },
  finish: { title: 'Ready to create your show', label: 'Finish', help: 'Check your answers, then finish.' },
  rss: { title: 'Import your show', label: 'Feed', help: 'Paste the RSS feed of the show you already publish.' },
  confirm: { title: 'Is this your show?', label: 'Confirm', help: 'We found this in your feed.' },
  importing: { title: 'Importing', label: 'Importing', help: 'Copying your show and its episodes.' },
  analyze: { title: 'Importing', label: 'Analyzing', help: 'Looking through your episodes.' },
  assets: { title: 'Importing', label: 'Assets', help: 'Bringing your artwork and audio over.' },
  importSuccess: { title: 'Your show is in', label: 'Done', help: 'A few more touches and you are ready to record.' },
  skipNotice: { title: 'Starting fresh', label: 'Skip', help: 'You can import a feed later from the workspace.' },
  publishDay: { title: '', label: '', help: '' },
};
