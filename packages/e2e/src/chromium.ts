import fs from 'node:fs';

/** Debian's Chromium; Playwright's own browser download cannot work here (see .ci/run). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
  );
}

/** Headless Chromium on a closed network: no background calls home, no component updates. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
