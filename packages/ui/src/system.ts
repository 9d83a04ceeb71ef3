import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig, mergeConfigs, type SystemContext } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { productKeyframes, productSemanticTokens, productTokens } from './product-tokens.js';
import { namedGlobalStyles, namedLayerOrder } from './system-global.js';

/** The product's primary colour (spec §1, §9). */
export const PRIMARY_COLOR = '#D92534';

/** Shades around the product's primary colour #D92534 (500). */
export const brandPalette = {
  50: '#FDECEE',
  100: '#FAD0D3',
  200: '#F4A3A9',
  300: '#EC6F78',
  400: '#E34450',
  500: PRIMARY_COLOR,
  600: '#B81E2B',
  700: '#931823',
  800: '#6E121A',
  900: '#4A0C12',
  950: '#2C070A',
} as const;

const shade = (key: keyof typeof brandPalette) => ({ value: brandPalette[key] });

/**
 * The recipes of the Chakra entries the apps may import (see `@backoffice/federation` CHAKRA_ENTRIES),
 * and nothing else: the full theme would ship every component's styles.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  status: statusSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

const brandConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // Buttons, focus rings and active menu entries take the brand palette unless told otherwise.
    html: { ...(globalCss.html as object), colorPalette: 'brand' },
  },
  theme: {
    breakpoints,
    keyframes: productKeyframes,
    tokens: {
      ...productTokens,
      colors: {
        ...productTokens.colors,
        brand: Object.fromEntries(
          Object.keys(brandPalette).map((key) => [key, shade(Number(key) as keyof typeof brandPalette)]),
        ),
      },
    },
    semanticTokens: {
      ...productSemanticTokens,
      colors: {
        ...productSemanticTokens.colors,
        fg: {
          ...(productSemanticTokens.colors as { fg: object }).fg,
          // Chakra's red.500 on white is 3.8:1, below WCAG AA for form error text.
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
        brand: {
          solid: { value: '{colors.brand.500}' },
          contrast: { value: '{colors.white}' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
      },
    },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * The one Chakra system of the product. `@backoffice/ui` is a Module Federation singleton, so the
 * shell and every remote render with this very instance.
 */
/**
 * Chakra's solid button lightens on hover (`solid/90` over the page), which takes white on #D92534
 * below 4.5:1 in light mode; darkening keeps the contrast of every palette in both modes.
 */
const darkerSolid = 'color-mix(in srgb, var(--chakra-colors-color-palette-solid) 85%, black)';
const accessibleHoverConfig = defineConfig({
  theme: {
    recipes: {
      button: { variants: { variant: { solid: { _hover: { bg: darkerSolid }, _expanded: { bg: darkerSolid } } } } },
    },
  },
});

/**
 * Fields ring their focus 2 px wide like every other control: Chakra's "inside" ring of inputs and
 * native selects is 1 px (issue 28 found the search box's ring thinner than the rest).
 */
const focusRingConfig = defineConfig({
  globalCss: { '.chakra-input, .chakra-native-select__field': { '--focus-ring-width': '2px' } },
});

export const system: SystemContext = createSystem(
  mergeConfigs(defaultBaseConfig, brandConfig, accessibleHoverConfig, focusRingConfig),
);
// Its global styles by name, so that emotion adopts the first paint's copy instead of Chakra building
// them at start (system-global.ts). emotion takes one serialized style where Chakra types a list.
system._global = namedGlobalStyles(system) as unknown as SystemContext['_global'];
// The layers' order likewise: its copy in the first paint stays where it is (first-paint-styles.ts).
system.layers.atRule = namedLayerOrder(system) as unknown as string;
