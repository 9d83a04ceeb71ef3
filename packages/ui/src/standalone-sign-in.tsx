import { useLogin } from '@backoffice/api-client';
// Through the package name: the shared singletons, as every piece outside the main entry does.
import { apiErrorText, FormField, PasswordInput, uiMessages } from '@backoffice/ui';
import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';

/**
 * The sign-in of a remote's standalone page (`rsbuild dev`): the real login endpoint of the API the
 * dev server proxies to, so a team works with a real session and real data instead of a token planted
 * by hand. The product's own login page belongs to the auth area; this is its plain stand-in.
 */
export function StandaloneSignIn({ area }: { area: string }) {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The session helper stores the token, clears the caches and goes to `/` (the area's first screen).
    login.mutate({ username, password });
  };
  const failed = login.error ? (apiErrorText(login.error) ?? uiMessages.unexpectedError) : undefined;
  const m = uiMessages.standalone;
  return (
    <Center as="main" minH="100vh" p="6">
      <form onSubmit={submit} noValidate style={{ width: '100%', maxWidth: '24rem' }}>
        <Stack gap="4">
          <Heading as="h1" size="xl">
            {m.title(area)}
          </Heading>
          <Text color="fg.muted">{m.intro}</Text>
          <FormField label={m.email} required>
            <Input
              type="email"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </FormField>
          <FormField label={m.password} required extraMessage={failed}>
            <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <Button type="submit" loading={login.isPending} disabled={!username || !password}>
            {m.submit}
          </Button>
        </Stack>
      </form>
    </Center>
  );
}
