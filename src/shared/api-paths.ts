// API paths without any schema code, so the client's first screen can call the API without loading zod.

export const AUTH_PATHS = {
  login: '/auth/login',
  logout: '/auth/logout',
  refresh: '/refresh',
  register: '/register',
  sendVerificationEmail: '/send-verification-email',
  verifyEmail: (id: number | string) => `/email/verify/${id}`,
  sendResetPasswordEmail: '/send-reset-password-email',
  resetPassword: '/reset-password',
  changePassword: (id: number | string) => `/user/${id}/change-password`,
  account: (id: number | string) => `/user/${id}`,
} as const;

/** Public: the registration form needs them before anyone is logged in. */
export const LOOKUP_PATHS = { locations: '/lookups/locations', schools: '/lookups/schools' } as const;

export const NOTIFICATION_PATHS = {
  list: '/usernotifications',
  unseenCount: '/usernotifications/unseen-count',
  markAsSeen: '/usernotifications/mark-as-seen',
} as const;
