import { afterFirstPaint } from './first-paint/after-paint';
import { forgetFailedFirstScreenScripts } from './first-screen-scripts';

// Before the page's other deferred scripts run (they follow this one): see first-screen-scripts.ts.
forgetFailedFirstScreenScripts();

/**
 * The page's entry. The app's modules (React, the design system, the routes) are in this same chunk —
 * `webpackMode: "eager"` makes no chunk and no request: every shared module the first screen uses stays
 * eager in the shell (checked by the federation tests) — but they are evaluated only once the browser
 * has painted the prerendered first paint (first-paint/after-paint.ts).
 */
void afterFirstPaint().then(() => import(/* webpackMode: "eager" */ './bootstrap'));
