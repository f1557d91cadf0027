import { useEffect } from 'react';
import { useRouteError } from '../app-routes.tsx';
import { usePageLoad } from '../../shell/page-load.tsx';
import { ReloadNotice } from '../../shell/reload-notice.tsx';

/**
 * A screen that threw (or whose chunk failed to load) counts as a failed page load, so the content area
 * shows the reload notice in place of the page while the sidebar and top bar stay usable.
 */
export function RouteError() {
  const error = useRouteError();
  const { reportFailed } = usePageLoad();
  useEffect(() => {
    console.error(error);
    reportFailed();
  }, [error, reportFailed]);
  return null;
}

/** Last resort when the shell itself fails: the notice on its own. */
export function RootError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return <ReloadNotice />;
}
