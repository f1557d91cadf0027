import { useEffect, useMemo, useRef } from 'react';
import { fileObjectUrl } from '../lib/files.ts';

// The sanitiser's one image form (src/shared/rich-text.ts): `<img src="/api/files/ID" alt="…">`.
const FILE_IMAGE = /<img src="(\/api\/files\/\d+)"/g;

/**
 * Rich text the server has sanitised (bare allow-listed tags, our own file images, safe links), shown as
 * HTML. Images of uploaded files need the session's token, so they are loaded here rather than by the
 * browser: the markup carries their address in `data-file-src` until the bytes are in.
 */
export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const markup = useMemo(() => html.replace(FILE_IMAGE, '<img data-file-src="$1"'), [html]);

  useEffect(() => {
    const images = ref.current?.querySelectorAll<HTMLImageElement>('img[data-file-src]') ?? [];
    let live = true;
    for (const img of images) {
      fileObjectUrl(img.dataset.fileSrc!).then(
        (url) => {
          if (live) img.src = url;
        },
        () => {
          if (live)
            img.alt = img.alt
              ? `${img.alt} (the picture could not be loaded)`
              : 'The picture could not be loaded';
        },
      );
    }
    return () => {
      live = false;
    };
  }, [markup]);

  return (
    <div
      ref={ref}
      // `rich-html`: authored text, whose links stay inline in their sentences (styles/touch.css).
      className={className ? `rich-html ${className}` : 'rich-html'}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
