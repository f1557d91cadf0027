import { useCallback, useEffect, useState } from 'react';
import { SIDEBAR_BREAKPOINT_PX } from '../../../shared/constants.ts';

const isWide = () => window.innerWidth >= SIDEBAR_BREAKPOINT_PX;

/**
 * Sidebar visibility (spec 2.5): open on wide screens, closed on narrow ones, and re-decided only when a
 * resize crosses the breakpoint, so a user's own open/close choice survives small resizes.
 */
export function useSidebarOpen() {
  const [wide, setWide] = useState(isWide);
  const [open, setOpen] = useState(isWide);
  useEffect(() => {
    let wasWide = isWide();
    const onResize = () => {
      const nowWide = isWide();
      if (nowWide === wasWide) return;
      wasWide = nowWide;
      setWide(nowWide);
      setOpen(nowWide);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, wide, toggle, close };
}
