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
import engagementsCreate from './engagements/create.js';
import engagementsList from './engagements/list.js';
import engagementsGet from './engagements/get.js';
import engagementsPatch from './engagements/patch.js';
import engagementsEvents from './engagements/events.js';
import engagementsFinancials from './engagements/financials.js';
import engagementsValuation from './engagements/valuation.js';
import engagementsWorkpapers from './engagements/workpapers.js';
import assumptionsGet from './engagements/assumptions/get.js';
import assumptionsLock from './engagements/assumptions/lock.js';
import assumptionsHistory from './engagements/assumptions/history.js';
import documentsUpload from './engagements/documents/upload.js';
import documentsList from './engagements/documents/list.js';
import documentsGet from './engagements/documents/get.js';
import documentsContent from './engagements/documents/content.js';
import templatesFinancials from './templates/financials.js';
import { approve as gateApprove, reject as gateReject } from './engagements/gates/decide.js';
import reportStatus from './engagements/report/status.js';
import reportDownload from './engagements/report/download.js';
import reportsVerify from './reports/verify.js';
import reportsSigningKey from './reports/signing-key.js';
import paymentsCreate from './payments/create.js';
import paymentsVerify from './payments/verify.js';
import paymentsList from './payments/list.js';
import paymentsGatewayWebhook from './payments/gateway-webhook.js';
import paymentsSandboxPay from './payments/sandbox-pay.js';
import eventsStream from './events/stream.js';
import firmProfile from './settings/firm/profile.js';
import teamDeactivate from './team/deactivate.js';
import * as teamInvitations from './team/invitations.js';

const routes: ((app: AppInstance) => void)[] = [
  healthGet,
  authSignup, authLogin, authLogout, authMe, authAcceptInvite,
  apiTokensCreate, apiTokensList, apiTokensRevoke,
  teamList, teamInvite, teamUpdate, teamRemove,
  engagementsCreate, engagementsList, engagementsGet, engagementsPatch, engagementsEvents, engagementsFinancials, engagementsValuation, engagementsWorkpapers,
  assumptionsGet, assumptionsLock, assumptionsHistory,
  documentsUpload, documentsList, documentsGet, documentsContent,
  templatesFinancials,
  gateApprove, gateReject,
  reportStatus, reportDownload, reportsVerify, reportsSigningKey,
  webhooksCreate, webhooksList, webhooksGet, webhooksUpdate, webhooksDelete,
  webhooksRotateSecret, webhooksTest, webhooksDeliveries, webhooksRedeliver,
  paymentsCreate, paymentsVerify, paymentsList, paymentsGatewayWebhook, paymentsSandboxPay,
  eventsStream, firmProfile,
  teamDeactivate, teamInvitations.list, teamInvitations.resend, teamInvitations.cancel,
];

export async function registerRoutes(app: AppInstance): Promise<void> {
  for (const route of routes) route(app);
}
