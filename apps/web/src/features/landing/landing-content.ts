/**
 * Built-in landing copy that is not admin-editable (spec 002 sections 1 and 2.5). Hero, reviews and
 * FAQs are editable and come from GET /api/public/landing with the defaults in @ppp/contracts.
 */
export const LANDING_STATS = [
  { value: '10K+', label: 'podcasters' },
  { value: '50K+', label: 'episodes' },
  { value: '95%', label: 'satisfaction' },
  { value: '5 min', label: 'setup' },
] as const;

export const HERO_BADGES = ['Free 14-day trial', 'No credit card required', 'Cancel anytime'] as const;

export const HOW_IT_WORKS = [
  {
    title: 'Record or upload',
    body: 'Record in the browser or upload the audio you already have. We transcribe it for you.',
  },
  {
    title: 'Let the edit happen',
    body: 'Say "Flubber" to cut a retake, ask the Intern for a line, and let templates add your intro, outro and music.',
  },
  {
    title: 'Publish everywhere',
    body: 'Publish now or schedule it. Your show reaches 20+ distribution platforms from one place.',
  },
] as const;

/** The short walkthrough 'See how it works' expands: a first session, minute by minute. */
export const WALKTHROUGH = [
  'Create your show: a name, a description and cover art.',
  'Pick a template: a spoken intro and outro, plus a music bed.',
  'Record in the browser. Trip over a line? Say "Flubber" and say it again.',
  'Review the transcript, answer the Intern, and press Publish or pick a date.',
] as const;

export const BENEFITS = [
  { title: 'Free 14-day trial', body: 'No credit card required. Cancel anytime.' },
  { title: '30-day money-back guarantee', body: 'If it is not for you, you get your money back.' },
  { title: 'Spoken-command editing', body: 'Edit by talking: retakes and inserts happen while you record.' },
  { title: '20+ distribution platforms', body: 'One publish reaches your host and every platform linked to it.' },
  { title: 'Templates for every episode', body: 'Intro, outro, music and sound effects, the same every time.' },
  { title: 'Self-hostable', body: 'Run it on your own machine, with your own storage and your own database.' },
] as const;
