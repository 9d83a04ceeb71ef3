import { uiMessages } from '@backoffice/ui';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { EmptyState } from '@chakra-ui/react/empty-state';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';

export interface StatusPanelProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** A way out (clear the filters, go home). */
  action?: ReactNode;
  /** `status` for "nothing here", `alert` for "you may not be here". */
  role?: 'status' | 'alert';
  /** Framed like the table it stands in for. */
  bordered?: boolean;
}

/**
 * A state that stands in for a screen's content: an empty list, no result for the filters, no
 * permission, no session. The title is an `h2` under the page's `h1`.
 */
export function StatusPanel({ icon, title, description, action, role = 'status', bordered }: StatusPanelProps) {
  return (
    <EmptyState.Root role={role} {...(bordered ? { borderWidth: '1px', rounded: 'md' } : {})}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export interface LoadErrorProps {
  title: string;
  description?: string;
  onRetry: () => void;
  retrying: boolean;
}

/** A list that could not be loaded, with `Tentar novamente`. */
export function LoadError({ title, description, onRetry, retrying }: LoadErrorProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {description && <Alert.Description>{description}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        {uiMessages.retry}
      </Button>
    </Alert.Root>
  );
}
