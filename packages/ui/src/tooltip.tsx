import { Portal } from '@chakra-ui/react/portal';
import { Tooltip as ChakraTooltip } from '@chakra-ui/react/tooltip';
import type { ReactNode } from 'react';

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** When true the trigger renders alone (e.g. the expanded menu shows its labels already). */
  disabled?: boolean;
  openDelay?: number;
  placement?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ content, children, disabled, openDelay = 300, placement = 'right' }: TooltipProps) {
  if (disabled) return <>{children}</>;
  return (
    <ChakraTooltip.Root openDelay={openDelay} closeDelay={0} positioning={{ placement }}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
