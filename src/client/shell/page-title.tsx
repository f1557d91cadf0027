import { Children, type ReactNode } from 'react';
import { useShownTitle } from './screen-title.ts';

/**
 * A screen's heading. When it says exactly what the top bar already says, phones show it once: the
 * heading is kept for screen readers and the outline but hidden from view below 768 px.
 */
export function PageTitle({ children, className }: { children: ReactNode; className?: string }) {
  const title = useShownTitle();
  const text = Children.toArray(children)
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .join('');
  const echo = text.trim().toLowerCase() === title.trim().toLowerCase();
  const classes = ['page-title', echo && 'page-title--echo', className].filter(Boolean).join(' ');
  return <h1 className={classes}>{children}</h1>;
}
