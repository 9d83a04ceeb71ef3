import { useCurrentUser } from '@backoffice/api-client';
import { uiMessages } from '@backoffice/ui';
import { PageFrame } from '@backoffice/ui/kit';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Tabs } from '@chakra-ui/react/tabs';
import { AppearanceTab } from '../components/AppearanceTab';
import { PasswordTab } from '../components/PasswordTab';
import { ProfileTab } from '../components/ProfileTab';
import { messages } from '../messages';

/** `/settings` (spec §2): the same three tabs for every user. */
export default function SettingsPage() {
  const { data: user } = useCurrentUser();
  return (
    <PageFrame title={messages.settingsPageTitle}>
      {/* A tab's form is rendered when first shown (and kept, so edits survive switching tabs). */}
      <Tabs.Root defaultValue="profile" variant="line" lazyMount>
        <Tabs.List aria-label={messages.tabsLabel}>
          <Tabs.Trigger value="profile">{messages.tabs.profile}</Tabs.Trigger>
          <Tabs.Trigger value="password">{messages.tabs.password}</Tabs.Trigger>
          <Tabs.Trigger value="appearance">{messages.tabs.appearance}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile">
          {user ? <ProfileTab user={user} /> : <Skeleton height="40" role="status" aria-label={uiMessages.loading} />}
        </Tabs.Content>
        <Tabs.Content value="password">
          <PasswordTab />
        </Tabs.Content>
        <Tabs.Content value="appearance">
          <AppearanceTab />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}
