// The console's pages; each address is one a person can bookmark or paste. The paths come from
// src/contract/console-routes.ts, for which the server answers index.html.
import { Busy } from './components/Busy';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Center } from '@mantine/core';
import { Layout } from './components/Layout';
import { LoginPage, LogoutPage, SignupPage, AcceptInvitePage, KnownBrowserPage } from './pages/Auth';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/PasswordReset';
const VerifyPage = lazy(() => import('./pages/Verify').then((m) => ({ default: m.VerifyPage })));
import { CONSOLE_PATHS as P } from '../../src/contract/console-routes';

const UnsubscribePage = lazy(() => import('./pages/Verify').then((m) => ({ default: m.UnsubscribePage })));
// The engagements list loads after sign-in, in its own chunk, so the sign-in page loads only what it shows.
const EngagementsPage = lazy(() => import('./pages/Engagements').then((m) => ({ default: m.EngagementsPage })));
const EngagementPage = lazy(() => import('./pages/Engagement'));
const TeamPage = lazy(() => import('./pages/Team').then((m) => ({ default: m.TeamPage })));
const ApiTokensPage = lazy(() => import('./pages/ApiTokens').then((m) => ({ default: m.ApiTokensPage })));
const WebhooksPage = lazy(() => import('./pages/Webhooks').then((m) => ({ default: m.WebhooksPage })));
const InboxPage = lazy(() => import('./pages/Inbox').then((m) => ({ default: m.InboxPage })));
const PaymentsPage = lazy(() => import('./pages/Payments').then((m) => ({ default: m.PaymentsPage })));
const ProfilePage = lazy(() => import('./pages/Profile').then((m) => ({ default: m.ProfilePage })));
const FirmSettingsPage = lazy(() => import('./pages/FirmSettings').then((m) => ({ default: m.FirmSettingsPage })));

const later = (node: ReactNode) => (
  <Suspense
    fallback={
      <Center p="xl">
        <Busy label="Loading" />
      </Center>
    }
  >
    {node}
  </Suspense>
);

export const router = createBrowserRouter([
  { path: P.login, element: <LoginPage /> },
  { path: P.signup, element: <SignupPage /> },
  { path: P.acceptInvite, element: <AcceptInvitePage /> },
  { path: P.knownBrowser, element: <KnownBrowserPage /> },
  { path: P.forgotPassword, element: <ForgotPasswordPage /> },
  { path: P.resetPassword, element: <ResetPasswordPage /> },
  { path: P.logout, element: <LogoutPage /> },
  { path: P.verify, element: later(<VerifyPage />) },
  { path: P.unsubscribe, element: later(<UnsubscribePage />) },
  {
    element: <Layout />,
    children: [
      { path: P.home, element: <Navigate to="/engagements" replace /> },
      { path: P.engagements, element: later(<EngagementsPage />) },
      { path: P.engagement, element: later(<EngagementPage />) },
      { path: P.inbox, element: later(<InboxPage />) },
      { path: P.team, element: later(<TeamPage />) },
      { path: P.payments, element: later(<PaymentsPage />) },
      { path: P.profile, element: later(<ProfilePage />) },
      { path: P.firmSettings, element: later(<FirmSettingsPage />) },
      { path: P.apiTokens, element: later(<ApiTokensPage />) },
      { path: P.webhooks, element: later(<WebhooksPage />) },
    ],
  },
]);
