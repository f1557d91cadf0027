import type { Device } from '../../../../shared/contracts/account.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { Loading } from '../../../components/loading.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { signOutDevice, signOutOtherDevices, useDevices } from '../use-account.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the account is signed in, this device first; a lost phone can be signed out from here. */
export function DevicesCard() {
  const devices = useDevices();
  const others = useAction(signOutOtherDevices);
  const one = useAction(signOutDevice);
  const list = [...(devices.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const hasOthers = list.some((d) => !d.current);

  const signOutOthers = async () => {
    if (!(await confirmDialog('Sign out every other device? They will need to sign in again.'))) return;
    const result = await others.run();
    if (result.ok) showToast({ message: result.value, type: 'success' });
    else showToast({ message: errorMessage(result.error), type: 'error' });
    devices.reload();
  };
  const signOutOne = async (device: Device) => {
    if (!(await confirmDialog(`Sign out ${device.device}?`))) return;
    const result = await one.run(device.id);
    if (result.ok) showToast({ message: `${device.device} was signed out.`, type: 'success' });
    else showToast({ message: errorMessage(result.error), type: 'error' });
    devices.reload();
  };

  return (
    <section className="card account-devices" aria-labelledby="account-devices-title">
      <h2 id="account-devices-title" className="card__title">
        Signed-in devices
      </h2>
      {devices.error !== null ? (
        <FormMessage kind="error">{errorMessage(devices.error)}</FormMessage>
      ) : !devices.data ? (
        <Loading variant="inline" />
      ) : (
        <ul className="account-devices__list" aria-label="Signed-in devices">
          {list.map((d) => (
            <li key={d.id} className="account-devices__item">
              <div>
                <strong>{d.device}</strong>{' '}
                {d.current && <span className="badge badge--success">This device</span>}
                <div className="field__hint">
                  {d.ip_label ? `Network ${d.ip_label} · ` : ''}signed in {when(d.created_at)} · last used{' '}
                  {when(d.last_used_at)}
                </div>
              </div>
              {!d.current && (
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={one.pending}
                  aria-label={`Sign out ${d.device}, last used ${when(d.last_used_at)}`}
                  onClick={() => void signOutOne(d)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {hasOthers && (
        <button
          type="button"
          className="button button--secondary"
          disabled={others.pending}
          onClick={() => void signOutOthers()}
        >
          {others.pending ? 'Signing out...' : 'Sign out other devices'}
        </button>
      )}
    </section>
  );
}
