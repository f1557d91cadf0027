import {
  AUTH_PATHS,
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  refreshResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendEmailBodySchema,
  updateAccountBodySchema,
  verifyEmailBodySchema,
  verifyEmailParamsSchema,
} from '../../../shared/contracts/auth.ts';
import { idParamSchema, messageSchema } from '../../../shared/contracts/common.ts';
import type { Route } from '../../plugins/routes.ts';
import { toUser } from '../users/users.service.ts';
import { accountRoutes } from './account.routes.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(route: Route, auth: AuthService): void {
  route({
    method: 'POST',
    url: AUTH_PATHS.login,
    access: 'public',
    summary: 'Sign in; remember-me tokens live 30 days, others 12 hours',
    body: loginBodySchema,
    response: loginResponseSchema,
    handler: ({ body, request }) => auth.login(body, request.ip, request.headers['user-agent']),
  });

  route({
    method: 'POST',
    url: AUTH_PATHS.logout,
    access: 'user',
    summary: 'Revoke the token of this request',
    handler: async ({ auth: a }) => {
      await auth.logout(a.tokenHash);
    },
  });

  route({
    method: 'GET',
    url: AUTH_PATHS.refresh,
    access: 'user',
    summary: 'The signed-in user',
    response: refreshResponseSchema,
    handler: async ({ auth: a }) => ({ user: toUser(a.user) }),
  });

  route({
    method: 'POST',
    url: AUTH_PATHS.register,
    access: 'public',
    summary:
      'Create a student account and sign in; the chosen school receives a request to approve (limited per address)',
    body: registerBodySchema,
    response: loginResponseSchema,
    status: 201,
    handler: ({ body, request }) => auth.register(body, request.ip, request.headers['user-agent']),
  });

  route({
    method: 'POST',
    url: AUTH_PATHS.sendVerificationEmail,
    access: 'public',
    summary: 'Mail a verification link (the answer never reveals whether the address is registered)',
    body: sendEmailBodySchema,
    response: messageSchema,
    handler: async ({ body }) => {
      auth.sendVerificationEmail(body.email);
      return {
        message: 'If that address belongs to an unverified account, a verification link is on its way.',
      };
    },
  });

  route({
    method: 'POST',
    url: AUTH_PATHS.verifyEmail(':id'),
    access: 'public',
    summary: 'Confirm an e-mail address from a signed, expiring link',
    params: verifyEmailParamsSchema,
    body: verifyEmailBodySchema,
    response: messageSchema,
    handler: async ({ params, body }) => {
      await auth.verifyEmail(params.id, body.signature, body.expires);
      return { message: 'Your e-mail address is verified.' };
    },
  });

  route({
    method: 'POST',
    url: AUTH_PATHS.sendResetPasswordEmail,
    access: 'public',
    summary:
      'Mail a single-use reset link valid 30 minutes (the answer never reveals whether the address is registered)',
    body: sendEmailBodySchema,
    response: messageSchema,
    handler: async ({ body }) => {
      auth.sendResetPasswordEmail(body.email);
      return { message: 'If that e-mail address is registered, a password reset link has been sent to it.' };
    },
  });

  route({
    method: 'POST',
    url: AUTH_PATHS.resetPassword,
    access: 'public',
    summary: 'Choose a new password with a reset token; every session is signed out',
    body: resetPasswordBodySchema,
    response: messageSchema,
    handler: async ({ body }) => {
      await auth.resetPassword(body);
      return { message: 'Your password has been reset. Please sign in with the new password.' };
    },
  });

  route({
    method: 'PUT',
    url: AUTH_PATHS.changePassword(':id'),
    access: 'user',
    summary: 'Change the own password; other sessions are signed out',
    params: idParamSchema,
    body: changePasswordBodySchema,
    response: messageSchema,
    handler: async ({ params, body, auth: a }) => ({
      message: await auth.changePassword(a.user, params.id, a.tokenHash, body),
    }),
  });

  route({
    method: 'PUT',
    url: AUTH_PATHS.account(':id'),
    access: 'user',
    summary:
      'Edit the own account; a new e-mail address waits for the link mailed to it, and a student asks for a new school',
    params: idParamSchema,
    body: updateAccountBodySchema,
    response: refreshResponseSchema,
    handler: async ({ params, body, auth: a }) => ({
      user: await auth.updateAccount(a.user, params.id, body),
    }),
  });

  accountRoutes(route, auth.account);
}
