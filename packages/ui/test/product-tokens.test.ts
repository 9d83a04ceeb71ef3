/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  animationStyles,
  keyframes as chakraKeyframes,
  semanticTokens as chakraSemanticTokens,
} from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { UNNAMED_KEYFRAMES, UNNAMED_PALETTES } from '../src/product-tokens.js';
import { recipes, slotRecipes, system } from '../src/system.js';

/** Every front end's own source: the shell, the remotes and this package (not tests, not builds). */
const repository = join(__dirname, '../../..');
const SOURCE_ROOTS = [
  'shell/src',
  'remote-admin/src',
  'remote-auth/src',
  'remote-companies/src',
  'remote-settings/src',
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Code only: a comment that says "position" names no keyframe. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
}

const productSource = [...SOURCE_ROOTS.map((root) => join(repository, root)), join(repository, 'packages/ui/src')]
  .flatMap(sourceFiles)
  // The lists of what the system leaves out name it, and use none of it.
  .filter((file) => !file.endsWith('product-tokens.ts'))
  .map((file) => withoutComments(readFileSync(file, 'utf8')))
  .join('\n');

/** What the system styles with beyond the screens: the kept recipes, Chakra's global styles and animations. */
const systemStyles = JSON.stringify({
  recipes,
  slotRecipes,
  animationStyles,
  globalCss: system._config.globalCss,
  // The semantic colours that are not a palette's own stay whole, with the palettes they refer to.
  semanticColors: [chakraSemanticTokens.colors.bg, chakraSemanticTokens.colors.fg, chakraSemanticTokens.colors.border],
});

/** A palette named as a string (`"teal"`, `'blue.solid'`) or as a token reference (`{colors.red.500}`). */
function namesPalette(text: string, palette: string): boolean {
  const asString = new RegExp(`(['"\`])${palette}(\\.[\\w.]+)?\\1`);
  const asReference = new RegExp(`colors\\.${palette}\\.`);
  return asString.test(text) || asReference.test(text);
}

/**
 * A keyframe named in an animation's value: a whole word of it (`spin 1s`, `fade-in, scale-in`), not a
 * style's property of the same name (`"position":"relative"`).
 */
function namesKeyframe(text: string, keyframe: string): boolean {
  return new RegExp(`(^|[\\s"'\`,:])${keyframe}($|[\\s'\`,;]|"(?!:))`).test(text);
}

/** Chakra's colour palettes: those with semantic tokens of their own (`red.solid`, `red.fg`, …). */
const CHAKRA_PALETTES = Object.keys(chakraSemanticTokens.colors).filter(
  (name) => !['bg', 'fg', 'border'].includes(name),
);

describe('the tokens the product names, and only those', () => {
  const systemPalettes = CHAKRA_PALETTES.filter((palette) => system.tokens.getByName(`colors.${palette}.500`));

  it('has every Chakra palette the screens or the kept recipes name, and none they do not', () => {
    const named = CHAKRA_PALETTES.filter(
      (palette) => namesPalette(productSource, palette) || namesPalette(systemStyles, palette),
    );
    expect(systemPalettes).toEqual(named);
    expect(CHAKRA_PALETTES.filter((palette) => !named.includes(palette)).sort()).toEqual([...UNNAMED_PALETTES].sort());
  });

  it('builds each palette whole: its shades and its semantic tokens, in both modes', () => {
    for (const palette of [...systemPalettes, 'brand']) {
      expect(system.tokens.getByName(`colors.${palette}.950`), palette).toBeDefined();
      expect(system.tokens.getByName(`colors.${palette}.solid`), palette).toBeDefined();
    }
    for (const palette of UNNAMED_PALETTES) expect(system.tokens.getByName(`colors.${palette}.solid`)).toBeUndefined();
    // The colours that are not palettes stay: white text, the dialogs' backdrop, `bg`, `fg.error`, `border`.
    for (const name of ['colors.white', 'colors.blackAlpha.500', 'colors.bg', 'colors.fg.error', 'colors.border'])
      expect(system.tokens.getByName(name), name).toBeDefined();
  });

  it('has every keyframe the screens or the kept recipes name, and none they do not', () => {
    const named = Object.keys(chakraKeyframes).filter(
      (keyframe) => namesKeyframe(productSource, keyframe) || namesKeyframe(systemStyles, keyframe),
    );
    expect(Object.keys(system._config.theme?.keyframes ?? {})).toEqual(named);
    expect(
      Object.keys(chakraKeyframes)
        .filter((keyframe) => !named.includes(keyframe))
        .sort(),
    ).toEqual([...UNNAMED_KEYFRAMES].sort());
  });

  it('keeps an animation token only with its keyframes', () => {
    const animations = Object.entries(system._config.theme?.tokens?.animations ?? {});
    expect(animations.length).toBeGreaterThan(0);
    const keyframes = Object.keys(system._config.theme?.keyframes ?? {});
    for (const [name, token] of animations) {
      const keyframe = String((token as { value: string }).value).split(' ')[0] as string;
      expect(keyframes, name).toContain(keyframe);
    }
  });
});
