import { LOADING_INDICATOR_DELAY_MS } from '@backoffice/ui';
import { Box } from '@chakra-ui/react/box';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { messages } from '../messages';

/**
 * A thin bar at the top of the window while a navigation waits for its page (a remote still
 * loading, say) for longer than LOADING_INDICATOR_DELAY_MS (a quicker one shows no bar at all).
 */
export function NavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!navigating) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigating]);
  // Gone in the very render where the new page arrives, not one effect later.
  if (!navigating || !visible) return null;
  return (
    <Box
      role="progressbar"
      aria-label={messages.loadingPage}
      position="fixed"
      top="0"
      insetInline="0"
      h="3px"
      zIndex="max"
      pointerEvents="none"
      bgImage="linear-gradient(90deg, transparent, {colors.brand.solid}, transparent)"
      bgSize="40% 100%"
      bgRepeat="no-repeat"
      animation="bg-position 1.2s linear infinite"
      css={{ '--animate-from': '-70%', '--animate-to': '170%' }}
    />
  );
}
