import { Alert } from '@chakra-ui/react/alert';
import type { Ref } from 'react';

export interface AlertMessageProps {
  status: 'info' | 'success' | 'error';
  title?: string;
  text: string;
  /** `alert` where it appears in answer to what the person did and must be announced. */
  role?: 'alert';
  /** To move the focus onto it (with `tabIndex={-1}`). */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}

/** A message in a box of its status's colour: a title in bold (when there is one), then its text. */
export function AlertMessage({ status, title, text, role, ref, tabIndex }: AlertMessageProps) {
  return (
    <Alert.Root status={status} role={role} ref={ref} tabIndex={tabIndex}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
