// The console's deep-linkable pages: the web router declares a page for each (web/src/routes.tsx) and
// the server answers index.html for exactly these paths (src/http/plugins/console.ts).
export const CONSOLE_PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  acceptInvite: '/accept-invite',
  knownBrowser: '/known-browser',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  unsubscribe: '/unsubscribe',
  verify: '/verify',
  engagements: '/engagements',
  engagement: '/engagements/:id',
  inbox: '/inbox',
  team: '/team',
  payments: '/payments',
  profile: '/profile',
  firmSettings: '/settings/firm',
  apiTokens: '/settings/api-tokens',
  webhooks: '/settings/webhooks',
} as const;

export type ConsolePage = keyof typeof CONSOLE_PATHS;
export const CONSOLE_ROUTES: readonly string[] = Object.values(CONSOLE_PATHS);
