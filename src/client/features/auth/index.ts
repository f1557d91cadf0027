// The auth feature's public face: what other features may use (signing in and out lives here; the session
// itself is shell/session.ts).
export { logout, refreshUser, sendVerificationEmail, updateAccount } from './auth.store.ts';
// The account screen's e-mail, location and school fields, and the settings screen's password change.
export { useLocations } from './use-lookups.ts';
export { LocationSchoolFields } from './components/location-school-fields.tsx';
export { ResendVerificationButton } from './components/resend-verification-button.tsx';
export { changePassword, clearPasswordErrors, usePasswordErrors } from './password.store.ts';
