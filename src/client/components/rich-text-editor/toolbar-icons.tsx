// The toolbar's icons: drawn strokes, hidden from assistive technology (each button has its own name).

const svg = (path: string) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={path} />
  </svg>
);
// Drawn, not typed: a "1." glyph would be visible text missing from the name "Numbered list" (WCAG 2.5.3).
export const NumberedListIcon = () =>
  svg(
    'M10 6h11M10 12h11M10 18h11M3.5 4.5 5 3.5v5M3.5 11a1.5 1.5 0 0 1 3 0c0 1.2-3 2-3 3.5h3M3.5 17h3l-1.5 1.6a1.4 1.4 0 1 1-1.5 1.9',
  );
export const BulletIcon = () => svg('M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01');
export const LinkIcon = () =>
  svg('M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7');
export const ImageIcon = () => svg('M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01');
