import type { Plugin } from 'vite';

/**
 * Takes the web app manifest's link out of the built HTML (vite-plugin-pwa writes it): a browser fetches the
 * manifest, and then its icon, at once, and on a phone's first visit they share the network with the main
 * script. main.tsx adds the same link once the first page is shown.
 */
export function deferManifestLink(): Plugin {
  return {
    name: 'pathbuilder:defer-manifest-link',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/\s*<link rel="manifest"[^>]*>/, ''),
    },
  };
}
