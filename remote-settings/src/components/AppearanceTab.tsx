import { type ColorMode, useColorMode } from '@backoffice/ui';
import { Badge } from '@chakra-ui/react/badge';
import { Heading } from '@chakra-ui/react/heading';
import { RadioGroup } from '@chakra-ui/react/radio-group';
import { Stack } from '@chakra-ui/react/stack';
import { messages } from '../messages';

const t = messages.appearance;

/** Aparência (spec §2): Light or Dark, dark the default; applied at once and kept by the shared colour mode. */
export function AppearanceTab() {
  const { colorMode, setColorMode } = useColorMode();
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {t.heading}
      </Heading>
      <RadioGroup.Root
        value={colorMode}
        onValueChange={({ value }) => {
          if (value === 'light' || value === 'dark') setColorMode(value satisfies ColorMode);
        }}
      >
        <RadioGroup.Label>{t.label}</RadioGroup.Label>
        <Stack gap="3" mt="3">
          <RadioGroup.Item value="light">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{t.light}</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="dark">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{t.dark}</RadioGroup.ItemText>
            <Badge size="sm" colorPalette="gray">
              {t.default}
            </Badge>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
    </Stack>
  );
}
