// Identity request bodies and field rules, shared by the API and the console's forms.
import { z } from 'zod';

export const emailSchema = z.email().max(254);
export const passwordSchema = z.string().min(12, 'must be at least 12 characters').max(256);

export const loginBody = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(256) }).strict();

export const signupBody = z
  .object({
    firmName: z.string().trim().min(2).max(200),
    name: z.string().trim().min(1).max(200),
    email: emailSchema,
    password: passwordSchema,
  })
  .strict();

export const acceptInviteBody = z.object({ token: z.string().min(10).max(200), password: passwordSchema }).strict();

/** Asking for a link that makes this browser known to the account (mailed to the account's address). */
export const knownBrowserLinkBody = z.object({ email: z.string().min(1).max(254) }).strict();
/** Opening that link: its secret travels in the body, never in a URL that logs keep. */
export const knownBrowserBody = z.object({ token: z.string().min(1).max(200) }).strict();

/** "Forgot password": the account's e-mail, to which a one-use link is mailed if it has an active account. */
export const forgotPasswordBody = z.object({ email: z.string().min(1).max(254) }).strict();
/** Choosing a new password with that link's secret (in the body, never in a URL that logs keep). */
export const resetPasswordBody = z.object({ token: z.string().min(10).max(200), password: passwordSchema }).strict();
