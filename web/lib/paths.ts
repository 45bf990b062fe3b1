/** Every in-app URL, built in one place (never typed as string literals across the app). */
export const paths = {
  root: '/',
  landing: '/landing',
  /** The pre-rendered sign-in page (a full page load): `next` is where to go after; `signed_out` and `password_changed` show a notice. */
  auth: (params?: {
    invite?: string;
    error?: string;
    error_description?: string;
    next?: string;
    signed_out?: '1';
    password_changed?: '1';
  }) => withQuery('/auth', params),
  authRegister: (plan?: string) => withQuery('/auth/register', plan ? { plan } : undefined),
  /** The join form for an invitation: it names the company. */
  authRegisterInvite: (invite: string) => withQuery('/auth/register', { invite }),
  authCallback: '/auth/callback',
  authForgotPassword: '/auth/forgot-password',
  /** Where the password-reset mail's link lands: RESET_PASSWORD_PAGE_PATH in core/contracts/auth.ts, which the server uses. */
  authResetPassword: '/auth/reset-password',
  contact: '/contact',
  /** `accept`: the person comes back from confirming the e-mail they signed up with from this invitation. */
  invite: (code: string, options?: { accept?: true }) =>
    withQuery(`/invite/${encodeURIComponent(code)}`, options?.accept ? { accept: '1' } : undefined),
  join: (invite: string) => withQuery('/join', { invite }),
  awaitingAssignment: '/awaiting-assignment',
  onboarding: '/onboarding',
  app: {
    dashboard: '/app',
    dashboardAlias: '/app/dashboard',
    activity: '/app/activity',
    quickLog: '/app/quick-log',
    company: '/app/company',
    teamOverview: '/app/team/overview',
    wrapup: '/app/wrapup',
    /** Coaching (decision 045): the wrap-ups of a lead's people, of one day or (with `member`) of one person. */
    coaching: (params?: { member?: string; date?: string }) => withQuery('/app/coaching', params),
    /** One wrap-up with the log beside it and its conversation. */
    coachingWrapup: (wrapupId: string) => `/app/coaching/wrapups/${encodeURIComponent(wrapupId)}`,
    weekly: '/app/weekly',
    monthly: '/app/monthly',
    /** Every person's KPIs (decision 101). */
    kpis: '/app/kpis',
    /** Boards built from KPIs (decision 102): the list and one board. */
    boards: '/app/boards',
    board: (id: string) => `/app/boards/${encodeURIComponent(id)}`,
    /** A page per rep (decision 046). */
    person: (userId: string) => `/app/people/${encodeURIComponent(userId)}`,
    /** Targets and goals for a lead's or an admin's people (decision 044). */
    targets: '/app/targets',
    /** Contests (decision 049): the list, and one contest's live standings. */
    contests: '/app/contests',
    contest: (id: string) => `/app/contests/${encodeURIComponent(id)}`,
    settings: (tab?: string) => withQuery('/app/settings', tab ? { tab } : undefined),
    /** The first-run setup (admins), at one step when given. */
    setup: (step?: string) => withQuery('/app/setup', step ? { step } : undefined),
  },
  tv: '/tv',
  admin: {
    root: '/admin',
    users: '/app/admin/users',
    teams: '/app/admin/teams',
    kpi: '/app/admin/kpi',
    activityTypes: '/app/admin/activity-types',
    kpis: '/app/admin/kpis',
    customers: '/app/admin/customers',
    integrations: '/app/admin/integrations',
    celebrations: '/app/admin/celebrations',
    webhooks: '/app/admin/webhooks',
    connections: '/app/admin/connections',
    billing: '/app/admin/billing',
    inbox: '/app/admin/inbox',
    audit: '/app/admin/audit',
    imports: '/app/admin/import',
    targets: '/app/admin/targets',
  },
  devMailbox: '/dev/mailbox',
  /** The API reference, drawn from the server's OpenAPI document (a page of the public site). */
  apiDocs: '/api/docs',
  publicPage: (slug: string) => `/${slug}`,
} as const;

function withQuery(path: string, params?: Record<string, string | undefined>): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
