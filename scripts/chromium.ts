// Debian's Chromium, as every browser run here starts it (never `playwright install`): the e2e suite, the web
// bench and the classroom bench. Without the background-networking flags it keeps trying hosts this machine
// cannot reach.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
