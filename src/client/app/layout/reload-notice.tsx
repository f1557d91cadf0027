import { RELOAD_NOTICE_MAX_WIDTH_PX, TEXTS } from '../../../shared/constants.ts';

/** Shown when the page could not load its data or code (spec 2.5); Reload starts the whole app afresh. */
export function ReloadNotice() {
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
