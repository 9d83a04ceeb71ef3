export * from './api-errors.js';
export * from './cnpj.js';
export * from './constants.js';
export * from './messages.js';
export * from './releases.js';
export * from './remote-screens.js';
export * from './rules.js';
export * from './schemas.js';
