// The auth feature's public face: what other features may use (signing in and out lives here; the session
// itself is shell/session.ts).
export { logout, refreshUser, sendVerificationEmail, updateAccount } from './auth.store.ts';
