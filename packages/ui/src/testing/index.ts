/** Test helpers of every app: `@backoffice/ui/testing` (the vitest setup file is `./setup`). */
export * from './data.js';
export * from './harness.js';
export * from './media.js';
