import { MEDIA, PRICING, UPLOADS } from '@ppp/contracts';

/** Help topics: short answers built from the product's real rules and limits. */
export interface HelpTopic {
  id: string;
  title: string;
  points: readonly string[];
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    points: [
      'Create an account from Sign In, confirm your email with the 6-digit code we send (it expires after 15 minutes).',
      'The setup wizard walks you through your show: name, description, cover art, intro and outro, music and a publishing schedule.',
      `Every plan starts with a free ${PRICING.freeTrialDays}-day trial, no credit card required.`,
    ],
  },
  {
    id: 'recording',
    title: 'Recording and uploading',
    points: [
      'Record in the browser after a short microphone check and a 3-second countdown; recordings under 30 seconds are discarded.',
      `Uploads are limited to ${UPLOADS.defaultMaxUploadMb} MB by default (your instance may allow more); under ${MEDIA.recommendedUploadMb} MB is recommended.`,
      `Uploaded audio waits in your library for ${MEDIA.uploadExpiryDays} days before it expires.`,
    ],
  },
  {
    id: 'editing',
    title: 'Flubber, Intern and templates',
    points: [
      'Say "Flubber" right after a mistake and say the line again: the retake is cut for you.',
      'Say "Intern" followed by a request to have an answer or a note inserted into the episode.',
      'Templates add your intro, outro, music beds and sound effects the same way every episode.',
    ],
  },
  {
    id: 'publishing',
    title: 'Publishing',
    points: [
      'Publish now, schedule a date, or keep the episode as a draft.',
      'Your show is published to your podcast host and from there to 20+ distribution platforms.',
      'Each show can also get its own website: see the Website Builder Guide.',
    ],
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    points: [
      'Processing minutes are counted when a job starts and are not refunded if you delete the episode.',
      PRICING.minutesNote,
      `Cancel anytime; a ${PRICING.moneyBackDays}-day money-back guarantee covers your first payment.`,
    ],
  },
  {
    id: 'account',
    title: 'Account and privacy',
    points: [
      'Change your name, display options (larger text, high contrast) and connections in Settings.',
      'The service is for people 13 or older.',
      'Read how long we keep your data in the Privacy Policy.',
    ],
  },
];
