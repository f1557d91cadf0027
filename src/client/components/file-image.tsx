import { useEffect, useState } from 'react';
import { fileObjectUrl } from '../lib/files.ts';

const OUR_FILE = /^\/api\/files\/\d+$/;

/**
 * An <img> for a picture that may be one of our stored files (`/api/files/ID`): an <img> cannot send the
 * bearer token, so those bytes are fetched with it and shown from a blob: URL. Other sources (the older
 * public `/api/uploads/…` images) are shown as they are.
 */
export function FileImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const ours = OUR_FILE.test(src);
  // Which source the blob URL was made for: a new `src` shows nothing until its own bytes are in.
  const [loaded, setLoaded] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!ours) return;
    let live = true;
    fileObjectUrl(src).then(
      (url) => live && setLoaded({ src, url }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [src, ours]);
  const shown = ours ? (loaded?.src === src ? loaded.url : null) : src;
  if (!shown) return <span className={className} role="img" aria-label={alt} aria-busy="true" />;
  return <img src={shown} alt={alt} className={className} />;
}
