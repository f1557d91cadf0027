import {
  ACCOUNT_PATHS,
  devicesResponseSchema,
  emailChangeResponseSchema,
  signOutOthersResponseSchema,
} from '../../../shared/contracts/account.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import type { Route } from '../../plugins/routes.ts';
import type { AccountService } from './account.service.ts';

/** The signed-in user's own account: every route acts on the caller only, so there is no one else's to name. */
export function accountRoutes(route: Route, account: AccountService): void {
  route({
    method: 'GET',
    url: ACCOUNT_PATHS.emailChange,
    access: 'user',
    summary: 'The new e-mail address waiting for its confirmation link, if any',
    response: emailChangeResponseSchema,
    handler: async ({ auth }) => ({ pending_email: await account.pendingEmail(auth.user.id) }),
  });
  route({
    method: 'DELETE',
    url: ACCOUNT_PATHS.emailChange,
    access: 'user',
    summary: 'Withdraw the e-mail change: its link stops working',
    handler: async ({ auth }) => {
      await account.cancelEmailChange(auth.user.id);
    },
  });
  route({
    method: 'GET',
    url: ACCOUNT_PATHS.sessions,
    access: 'user',
    summary: 'The devices signed in to my account, this one marked',
    response: devicesResponseSchema,
    handler: async ({ auth }) => ({ data: await account.devices(auth.user.id, auth.tokenHash) }),
  });
  route({
    method: 'POST',
    url: ACCOUNT_PATHS.signOutOthers,
    access: 'user',
    summary: 'Sign out every device but this one; their next request is refused',
    response: signOutOthersResponseSchema,
    handler: async ({ auth }) => {
      const n = await account.signOutOthers(auth.user.id, auth.tokenHash);
      return {
        message: n
          ? `Signed out of ${n} other device${n === 1 ? '' : 's'}.`
          : 'No other device was signed in.',
        signed_out: n,
      };
    },
  });
  route({
    method: 'DELETE',
    url: ACCOUNT_PATHS.session(':id'),
    access: 'user',
    summary: 'Sign out one of my devices',
    params: idParamSchema,
    handler: ({ params, auth }) => account.signOutDevice(auth.user.id, params.id),
  });
}
