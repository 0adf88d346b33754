import type { useForm } from '@mantine/form';
import { LANDING, type TLandingContent } from '@ppp/contracts';

/** The front page's editable content: what the server stores, without its timestamp. */
export type LandingForm = Omit<TLandingContent, 'updated_at'>;
export type LandingFormApi = ReturnType<typeof useForm<LandingForm>>;

export const EMPTY_REVIEW = { quote: '', author: '', role: '', rating: LANDING.ratingDefault, avatar_url: null };
export const EMPTY_FAQ = { question: '', answer: '' };
