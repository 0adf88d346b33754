/**
 * Built-in landing content (spec 002 sections 1 and 2.5). Editable landing content from the
 * admin panel arrives in a later issue and falls back to these.
 */
export const LANDING_STATS = [
  { value: '10K+', label: 'podcasters' },
  { value: '50K+', label: 'episodes' },
  { value: '95%', label: 'satisfaction' },
  { value: '5 min', label: 'setup' },
] as const;

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

export const BENEFITS = [
  { title: 'Free 14-day trial', body: 'No credit card required. Cancel anytime.' },
  { title: '30-day money-back guarantee', body: 'If it is not for you, you get your money back.' },
  { title: 'Spoken-command editing', body: 'Edit by talking: retakes and inserts happen while you record.' },
  { title: 'Self-hostable', body: 'Run it on your own machine, with your own storage and your own database.' },
] as const;

export const FAQS = [
  {
    question: 'Is there a free trial?',
    answer: 'Yes. Every plan starts with a free 14-day trial, and no credit card is required.',
  },
  {
    question: 'What if it is not right for me?',
    answer: 'You can cancel anytime, and a 30-day money-back guarantee covers your first payment.',
  },
  {
    question: 'Do I need editing experience?',
    answer: 'No. Setup takes about five minutes, and spoken commands do the fiddly cuts for you.',
  },
  {
    question: 'Where does my podcast get published?',
    answer: 'To your podcast host, and from there to 20+ distribution platforms, on a schedule you choose.',
  },
  {
    question: 'Who is Podcast Plus Plus for?',
    answer: 'Podcasters of every size: over 10,000 podcasters already make their episodes with it.',
  },
] as const;
