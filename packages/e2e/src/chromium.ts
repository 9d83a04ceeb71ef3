import fs from 'node:fs';

/** Debian's Chromium; Playwright's own browser download cannot work here (see .ci/run). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
  );
}

/**
 * The features Playwright 1.65 turns off itself (playwright-core's `chromiumSwitches`), written again because
 * Chromium keeps only the last `--disable-features` of a command line: ours must carry them, or it would turn
 * them back on (`PaintHolding` among them, which changes when a page first paints). The browser suite's
 * `chromium-flags.spec.ts` reads the running browser's command line and fails when an upgrade adds one.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's pop-ups, which Chromium 156 builds as web pages (WebUI, ~200 files between them) in every
 * new window — that is, in every browser context of a test or a benchmark's cold load, on the same two cores
 * as the page under test, for the first ~2.5 s of it. A person's browser built them once, when its window
 * opened: loading them with each page made every load slower and noisier than a user's (docs/performance.md,
 * section 2026-12-01 08:43 UTC).
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Headless Chromium on a closed network: no background calls home, no component updates, no address-bar pages. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];
