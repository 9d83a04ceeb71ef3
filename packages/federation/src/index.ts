export * from './chakra.js';
export * from './remotes.js';
export * from './shared.js';
