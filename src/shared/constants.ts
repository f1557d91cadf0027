// The spec's numbers and texts that both sides need (spec section 9 unless noted).
export const APP_NAME = 'Pathbuilder';
export const API_BASE = '/api';
export const API_TIMEOUT_MS = 30_000;
export const GET_CACHE_TTL_MS = 300_000;
export const RECALC_DELAY_MS = 20_000;
export const DAILY_PERFORMANCE_GUARD_S = 86_400;
export const PROFICIENCY_GUARD_S = 21_600;
export const USER_PROGRESS_GUARD_S = 14_400;
export const NOTIFICATION_POLL_MIN_MS = 30_000;
export const NOTIFICATION_POLL_STOP_MS = 180_000;
export const NOTIFICATION_COUNT_KEY = 'notification_count';
export const SIDEBAR_BREAKPOINT_PX = 992;
export const RELOAD_NOTICE_MAX_WIDTH_PX = 420;
export const PAGE_LOAD_EXPECTED_REPORTS = 1;
/** GET /my/learning-summary's daily figures: the last this many days (UTC). */
export const DAILY_DAYS = 14;
export const TOAST_DEFAULT_DURATION_MS = 6000;
export const TOUCH_PAUSE_RESUME_MS = 2000;
export const STARTUP_TOAST = { limit: 4, durationMs: 3000 } as const;
export const DROPDOWN_DEFAULTS = {
  maxOptions: 1000,
  optionHeight: 40,
  maxListHeight: 300,
  placeholder: 'Select option',
} as const;

export const TEXTS = {
  defaultTitle: '...',
  reloadNotice: 'Hmm, something didn’t load. Want to try again?',
  reload: 'Reload',
  greeting: 'Hi, ',
  logoutConfirm: 'Are you sure you want to logout?',
  passwordSaved: 'New Password successfully saved!',
  unauthorizedLog: 'Unauthorized: Token expired or invalid.',
  serverErrorFallback: 'An error occurred.',
  dropdownNoMatch: 'No elements found. Consider changing the search query.',
  dropdownEmpty: 'List is empty.',
  loading: 'Loading...',
  confirmTitle: 'Confirm',
} as const;

/** DESIGN.md section 3: token lifetimes. */
export const TOKEN_TTL_REMEMBER_MS = 30 * 24 * 3600 * 1000;
export const TOKEN_TTL_SESSION_MS = 12 * 3600 * 1000;
export const VERIFY_LINK_TTL_MS = 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A micro topic counts as mastered from this share of right answers (percent). Below it, the result screens
 * suggest practising the topic and the diagnostic says "not yet".
 */
export const MASTERY_PERCENT = 80;
