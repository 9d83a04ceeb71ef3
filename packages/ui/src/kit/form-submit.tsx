import { Button, type ButtonProps } from '@chakra-ui/react/button';

/**
 * The submit button of a `useBlurForm` form. It keeps the focus in the field on press: the field's blur
 * validation would otherwise move this button (an error line appears above it) before the click lands.
 */
export function BlurFormSubmit(props: Omit<ButtonProps, 'type' | 'onMouseDown'>) {
  return <Button type="submit" onMouseDown={(event) => event.preventDefault()} {...props} />;
}
