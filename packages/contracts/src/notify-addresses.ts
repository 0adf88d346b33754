import { z } from 'zod';
import { ZEmail, ZVerificationCode } from './auth.ts';

/**
 * Not in the spec (issue 14): the other addresses a creator may send upload notifications to. Each
 * is proven the way an account's own address is (a 6-digit code mailed to it, AUTH's length, expiry,
 * tries and sends), and only then offered as notify_email; the account's own address needs none.
 */
export const NOTIFY_ADDRESSES = {
  /** Other addresses one account keeps, verified or waiting for their code. */
  maxPerUser: 5,
} as const;

/** One address notifications may go to: the account's own, or one it added (verified once its code was entered). */
export const ZNotifyAddress = z.object({
  email: z.string(),
  own: z.boolean(),
  verified: z.boolean(),
});
export type TNotifyAddress = z.infer<typeof ZNotifyAddress>;

/** GET /api/users/me/notify-addresses: the own address first, then the added ones in the order they were added. */
export const ZNotifyAddressList = z.object({ items: z.array(ZNotifyAddress) });
export type TNotifyAddressList = z.infer<typeof ZNotifyAddressList>;

/** POST /api/users/me/notify-addresses: add an address (or ask again), a code is mailed to it. */
export const ZNotifyAddressAdd = z.object({ email: ZEmail });
export type TNotifyAddressAdd = z.infer<typeof ZNotifyAddressAdd>;

/** POST /api/users/me/notify-addresses/verify: the code mailed to the address. */
export const ZNotifyAddressVerify = z.object({ email: ZEmail, code: ZVerificationCode });
export type TNotifyAddressVerify = z.infer<typeof ZNotifyAddressVerify>;

/** The wording of the notification addresses (issue 14). */
export const NOTIFY_ADDRESS_MESSAGES = {
  /** notify_email that is neither the account's own address nor one it verified. */
  notVerified:
    "Notifications go only to your account's own email address or to one you have verified with a code: add and verify that address first, or leave the field empty.",
  ownAddress: "That is your account's own address: notifications can already go there.",
  tooMany: `You can keep at most ${NOTIFY_ADDRESSES.maxPerUser} other notification addresses. Remove one before adding another.`,
  notFound: 'That address is not one of your notification addresses.',
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it here to verify the address.`,
  verified: (email: string) => `${email} is verified: upload notifications can go there.`,
  /** Under the pre-upload form's notification email. */
  note: "Sent once the address is confirmed, only to your account's address or one you verified with a code.",
} as const;
