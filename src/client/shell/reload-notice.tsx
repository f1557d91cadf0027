import { Link } from 'react-router-dom';
import { RELOAD_NOTICE_MAX_WIDTH_PX, TEXTS } from '../../shared/constants.ts';
import { roleOf, useAuth } from './session.ts';
import { useOnline } from '../lib/use-online.ts';
import { PATHS, savedOnDevicePath } from './paths.ts';

/**
 * Shown when the page could not load its data or code (spec 2.5); Reload starts the whole app afresh.
 * Offline, reloading cannot help: the notice says so and what does work without a connection instead.
 */
export function ReloadNotice() {
  const online = useOnline();
  if (!online) return <OfflineNotice />;
  return (
    <div className="reload-notice-wrap">
      <section className="card reload-notice" style={{ maxWidth: RELOAD_NOTICE_MAX_WIDTH_PX }} role="alert">
        <p className="reload-notice__text">{TEXTS.reloadNotice}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {TEXTS.reload}
        </button>
      </section>
    </div>
  );
}

function OfflineNotice() {
  const { user } = useAuth();
  const student = roleOf(user) === 'student';
  return (
    <div className="reload-notice-wrap">
      <section className="card reload-notice" role="alert" aria-labelledby="offline-notice-title">
        <h2 id="offline-notice-title" className="card__title">
          You’re offline
        </h2>
        <p className="reload-notice__text">
          This screen isn’t saved on this device yet, so it needs a connection to open.
        </p>
        <p className="reload-notice__text">
          {student
            ? 'Your dashboard, quizzes you have started and screens you have opened before still work offline. Answers you give are kept on this device and sent when you’re back online.'
            : 'Screens you have opened before still work offline. This one will load when you’re back online.'}
        </p>
        <div className="reload-notice__actions">
          <Link className="button" to={student || !user ? PATHS.dashboard : PATHS.admin}>
            {student || !user ? 'Go to your dashboard' : 'Go to the admin home'}
          </Link>
          {student && (
            <Link className="button button--secondary" to={savedOnDevicePath}>
              Saved on this device
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
