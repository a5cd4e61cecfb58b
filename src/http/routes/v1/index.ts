// Every endpoint is one file; this list is the whole API surface.
import type { AppInstance } from '../../types.js';
import healthGet from './health/get.js';
import authSignup from './auth/signup.js';
import authLogin from './auth/login.js';
import authLogout from './auth/logout.js';
import authMe from './auth/me.js';
import authAcceptInvite from './auth/accept-invite.js';
import apiTokensCreate from './settings/api-tokens/create.js';
import apiTokensList from './settings/api-tokens/list.js';
import apiTokensRevoke from './settings/api-tokens/revoke.js';
import webhooksCreate from './settings/webhooks/create.js';
import webhooksList from './settings/webhooks/list.js';
import webhooksGet from './settings/webhooks/get.js';
import webhooksUpdate from './settings/webhooks/update.js';
import webhooksDelete from './settings/webhooks/delete.js';
import webhooksRotateSecret from './settings/webhooks/rotate-secret.js';
import webhooksTest from './settings/webhooks/test.js';
import webhooksDeliveries from './settings/webhooks/deliveries.js';
import webhooksRedeliver from './settings/webhooks/redeliver.js';
import teamList from './team/list.js';
import teamInvite from './team/invite.js';
import teamUpdate from './team/update.js';
import teamRemove from './team/remove.js';

const routes: ((app: AppInstance) => void)[] = [
  healthGet,
  authSignup, authLogin, authLogout, authMe, authAcceptInvite,
  apiTokensCreate, apiTokensList, apiTokensRevoke,
  teamList, teamInvite, teamUpdate, teamRemove,
  webhooksCreate, webhooksList, webhooksGet, webhooksUpdate, webhooksDelete,
  webhooksRotateSecret, webhooksTest, webhooksDeliveries, webhooksRedeliver,
];

export async function registerRoutes(app: AppInstance): Promise<void> {
  for (const route of routes) route(app);
}
