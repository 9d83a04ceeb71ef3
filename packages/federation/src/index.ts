export * from './chakra.js';
export { COMPILE_HINT } from './compile-hints.js';
export * from './remotes.js';
export * from './shared.js';
