// Making a browser known to an account through its e-mail (docs/decisions.md, Rate limits and login
// throttling): an owner held by the account-wide login wait, in a browser the account has never used, asks for
// a link; opening it proves they read the account's e-mail, and the browser gets the known-browser cookie, so
// the next login (with the password, as ever) is not held by guesses spread over other addresses.
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { AUDIT } from '../../contract/audit-actions.js';
import { requestActor } from '../platform/service-context.js';
import { AppError } from '../../lib/errors.js';
import { randomSecret, sha256Hex } from '../../lib/crypto.js';
import { issueDeviceToken } from '../../lib/device-token.js';
import * as users from './users.repository.js';
import * as links from './known-browser-links.repository.js';
import { insertAudit } from '../platform/audit.repository.js';

/** How long an e-mailed link works. */
export const KNOWN_BROWSER_LINK_MINUTES = 30;
/** Links mailed to one account per quarter hour; further requests are dropped silently. */
const LINKS_PER_QUARTER_HOUR = 3;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Mails the account (if there is an active one with this e-mail) a one-time link. The answer is the same
 * whether or not the account exists, and the mail is sent after the answer, so neither says who has one.
 */
export async function requestKnownBrowserLink(
  ctx: ServiceContext,
  email: string,
  requestId?: RequestTag,
): Promise<void> {
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'ACTIVE') return;
  const secret = randomSecret(32);
  const made = await ctx.db.transaction(async (tx) => {
    const since = new Date(Date.now() - 15 * 60_000);
    if ((await links.countRecentKnownBrowserLinks(tx, user.id, since)) >= LINKS_PER_QUARTER_HOUR) return false;
    await links.insertKnownBrowserLink(tx, {
      tokenHash: sha256Hex(secret),
      userId: user.id,
      expiresAt: new Date(Date.now() + KNOWN_BROWSER_LINK_MINUTES * 60_000),
    });
    await insertAudit(tx, user.firm_id, requestActor({ type: 'USER', id: user.id }, requestId), {
      action: AUDIT.userKnownBrowserLinkSent,
    });
    return true;
  });
  if (!made) return;
  const base = (ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  const link = `${base}/known-browser?token=${encodeURIComponent(secret)}`;
  void ctx.mailer
    .send({
      to: user.email,
      subject: 'Log in from this browser: your link for the Valuation Service',
      text:
        `Hello ${user.name},\n\nSomeone asked to log in to your account from a browser it has not used before, while many wrong passwords ` +
        `were being tried on it from elsewhere. If that was you, open this link in that browser within ${KNOWN_BROWSER_LINK_MINUTES} minutes; ` +
        `then log in with your password as usual:\n${link}\n\nIf it was not you, ignore this mail: the link does not reveal or change your password.\n`,
      html:
        `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to log in to your account from a browser it has not used before, while many wrong passwords were being tried on it from elsewhere.</p>` +
        `<p>If that was you, <a href="${escapeHtml(link)}">open this link in that browser</a> within ${KNOWN_BROWSER_LINK_MINUTES} minutes, then log in with your password as usual.</p>` +
        `<p style="color:#555">If it was not you, ignore this mail: the link does not reveal or change your password.<br>${escapeHtml(link)}</p>`,
    })
    .catch((err) =>
      ctx.log.error({ err: (err as Error).message, userId: user.id }, 'known-browser link mail could not be sent'),
    );
}

/** Uses a link once: the known-browser token for the browser that opened it. */
export async function confirmKnownBrowser(
  ctx: ServiceContext,
  token: string,
  requestId?: RequestTag,
): Promise<{ knownBrowserToken: string }> {
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await links.useKnownBrowserLink(tx, sha256Hex(token));
    if (!id) return null;
    const user = await users.findUserForSession(tx, id);
    if (user)
      await insertAudit(tx, user.firm_id, requestActor({ type: 'USER', id }, requestId), {
        action: AUDIT.userKnownBrowserAdded,
      });
    return id;
  });
  if (!userId)
    throw new AppError(
      'link_expired',
      'This link has expired or has been used already; ask for a new one from the log-in page',
    );
  return { knownBrowserToken: issueDeviceToken(ctx.sessionSecret, userId) };
}
