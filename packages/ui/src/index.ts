/**
 * The core every screen needs, shared by all apps as one singleton (one Chakra system, one toaster,
 * one colour mode). Widgets that hold no shared state are separate entry points
 * (`@backoffice/ui/confirm-dialog`, `/confirm-delete-dialog`, `/dialog-frame`, `/pagination-footer`, `/tooltip`, `/standalone`, `/app-root`, and the
 * list-screen kit `@backoffice/ui/kit`), built into the apps that use them, so the first screen does
 * not download every widget.
 */
export * from './api-error-text.js';
export * from './app-providers.js';
export * from './color-mode.js';
export * from './form-field.js';
export * from './format.js';
export * from './loading.js';
export * from './logo.js';
export * from './messages.js';
export * from './opened-once.js';
export * from './password-input.js';
export * from './provider.js';
export * from './system.js';
export * from './toaster.js';
