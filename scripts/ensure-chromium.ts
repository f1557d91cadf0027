// The e2e suite drives Debian's Chromium (Playwright's own browser download is not reachable here).
// On a fresh machine where we are root, install it; otherwise say exactly what is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log(`${CHROMIUM} is missing: installing Debian's chromium (about 30 s)…`);
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `The e2e tests need Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}
