import type { SystemStyleObject } from '@chakra-ui/react/styled-system';

/**
 * Field messages in red.700 on the light background: the theme's `fg.error` (red.500) is 3.8:1 on white,
 * below WCAG AA for text this size. Dark mode keeps `fg.error`.
 */
export const readableFieldErrors: SystemStyleObject = {
  '& [data-scope="field"][data-part="error-text"]': { color: { _light: 'red.700', _dark: 'fg.error' } },
};
