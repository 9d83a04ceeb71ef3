import { keyframes, semanticTokens, tokens } from '@chakra-ui/react/theme';

/*
 * Chakra's theme without what the product never names. Every token is a CSS variable of the global
 * styles every page carries (inline in each first paint) and a token Chakra works out when the system
 * is created; every keyframe is a rule of the same styles. A test (test/product-tokens.test.ts) reads
 * the screens' source and the kept recipes, and fails when a name listed here is used after all, or
 * when one nobody uses is kept (a Chakra upgrade that brings a palette). Lists of what goes rather
 * than what stays: the code that cuts is in every page's JavaScript, and this is the shorter one.
 */

/** The palettes no screen and no kept recipe names. */
export const UNNAMED_PALETTES = ['yellow', 'pink', 'cyan'];

/**
 * Keyframes of components the product does not use (collapsibles, progress bars, marquees) and of the
 * animation tokens nobody names; an animation token goes with the keyframes of its name.
 */
export const UNNAMED_KEYFRAMES = [
  'ping',
  'bounce',
  'position',
  'circular-progress',
  'expand-height',
  'collapse-height',
  'expand-width',
  'collapse-width',
  'marqueeX',
  'marqueeY',
];

function without<T extends object>(record: T, names: string[]): T {
  const copy = { ...record } as Record<string, unknown>;
  for (const name of names) delete copy[name];
  return copy as T;
}

export const productTokens = {
  ...tokens,
  colors: without(tokens.colors, UNNAMED_PALETTES),
  animations: without(tokens.animations, UNNAMED_KEYFRAMES),
};

export const productSemanticTokens = { ...semanticTokens, colors: without(semanticTokens.colors, UNNAMED_PALETTES) };

export const productKeyframes = without(keyframes, UNNAMED_KEYFRAMES);
