import { ZRegisterRequest, type TRegisterRequest } from '@ppp/contracts';
import { fieldErrors } from './first-issue.ts';

export interface RegisterFields {
  email: string;
  password: string;
  acceptTerms: boolean;
  /** The Terms version the form linked to, once known. */
  termsVersion: string | null;
}

export type TRegisterCheck = { ok: true; input: TRegisterRequest; email: string } | { ok: false; errors: Record<string, string> };

/**
 * What the register form sends, checked with the contract first: an unticked Terms box stops it
 * with 'Please accept the Terms of Use to create an account.' under the box, as the server would (422).
 */
export function checkRegisterFields(fields: RegisterFields): TRegisterCheck {
  const body = {
    email: fields.email,
    password: fields.password,
    accept_terms: fields.acceptTerms,
    terms_version: fields.acceptTerms ? fields.termsVersion : null,
  };
  const parsed = ZRegisterRequest.safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  return { ok: true, input: { ...body, accept_terms: true }, email: parsed.data.email };
}
