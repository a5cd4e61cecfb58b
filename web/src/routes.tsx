// The console's pages; each address is one a person can bookmark or paste (src/http/plugins/console.ts
// serves index.html for exactly these paths).
import { Busy } from './components/Busy';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Center } from '@mantine/core';
import { Layout } from './components/Layout';
import { LoginPage, LogoutPage, SignupPage, AcceptInvitePage } from './pages/Auth';
import { EngagementsPage } from './pages/Engagements';
import { VerifyPage } from './pages/Verify';

const EngagementPage = lazy(() => import('./pages/Engagement'));
const TeamPage = lazy(() => import('./pages/Team').then((m) => ({ default: m.TeamPage })));
const ApiTokensPage = lazy(() => import('./pages/ApiTokens').then((m) => ({ default: m.ApiTokensPage })));
const WebhooksPage = lazy(() => import('./pages/Webhooks').then((m) => ({ default: m.WebhooksPage })));
const PaymentsPage = lazy(() => import('./pages/Payments').then((m) => ({ default: m.PaymentsPage })));
const ProfilePage = lazy(() => import('./pages/Profile').then((m) => ({ default: m.ProfilePage })));
const FirmSettingsPage = lazy(() => import('./pages/Profile').then((m) => ({ default: m.FirmSettingsPage })));

const later = (node: ReactNode) => (
  <Suspense fallback={<Center p="xl"><Busy label="Loading" /></Center>}>{node}</Suspense>
);

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/accept-invite', element: <AcceptInvitePage /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/verify', element: <VerifyPage /> },
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/engagements" replace /> },
      { path: '/engagements', element: <EngagementsPage /> },
      { path: '/engagements/:id', element: later(<EngagementPage />) },
      { path: '/team', element: later(<TeamPage />) },
      { path: '/payments', element: later(<PaymentsPage />) },
      { path: '/profile', element: later(<ProfilePage />) },
      { path: '/settings/firm', element: later(<FirmSettingsPage />) },
      { path: '/settings/api-tokens', element: later(<ApiTokensPage />) },
      { path: '/settings/webhooks', element: later(<WebhooksPage />) },
    ],
  },
]);
