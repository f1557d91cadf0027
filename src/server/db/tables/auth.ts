import type { Generated } from 'kysely';

/** Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no usable token. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  remember: number;
  expires_at: string;
  created_at: string;
  last_used_at: string;
  /** What signed in (the browser's user agent, cut short); null for sessions older than migration 0010. */
  user_agent: string | null;
  /** The network it signed in from, coarsely (see ipLabel in devices.ts). */
  ip_label: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

/** Where an account has signed in before, as an HMAC of the address (see the login throttle in auth.service). */
export interface LoginAddressesTable {
  user_id: number;
  address_hash: string;
  last_success_at: string;
}

/** A new e-mail address waiting for its owner to open the link mailed to it. */
export interface EmailChangesTable {
  user_id: number;
  new_email: string;
  created_at: string;
}
