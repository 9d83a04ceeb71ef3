import { Portal } from '@chakra-ui/react/portal';
import { Tooltip as ChakraTooltip } from '@chakra-ui/react/tooltip';
import type { TooltipProps } from './tooltip-props.js';

/** The tooltip itself (Chakra's, on zag and floating-ui): loaded by tooltip.tsx when one is first needed. */
export default function TooltipView({ content, children, openDelay = 300, placement = 'right' }: TooltipProps) {
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
