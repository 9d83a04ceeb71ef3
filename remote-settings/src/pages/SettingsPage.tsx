import { useCurrentUser } from '@backoffice/api-client';
import { uiMessages } from '@backoffice/ui';
import { PageFrame, useLeaveGuard } from '@backoffice/ui/kit';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Tabs } from '@chakra-ui/react/tabs';
import { useMemo, useRef } from 'react';
import { AppearanceTab } from '../components/AppearanceTab';
import { PasswordTab } from '../components/PasswordTab';
import { ProfileTab } from '../components/ProfileTab';
import { messages } from '../messages';

/** What each tab's form says about its unsaved changes, read when the person leaves the page. */
type UnsavedForms = Partial<Record<'profile' | 'password', boolean>>;

/**
 * `/settings` (spec §2): the same three tabs for every user. Leaving the page while a tab's form holds
 * changes asks first (issue 28) — one guard for the page, as the router holds one blocker at a time.
 */
export default function SettingsPage() {
  const { data: user } = useCurrentUser();
  const unsaved = useRef<UnsavedForms>({});
  const leaveGuard = useLeaveGuard(() => Object.values(unsaved.current).some(Boolean));
  const report = useMemo(
    () => ({
      profile: (changed: boolean) => {
        unsaved.current.profile = changed;
      },
      password: (changed: boolean) => {
        unsaved.current.password = changed;
      },
    }),
    [],
  );
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
          {user ? (
            <ProfileTab user={user} onUnsavedChange={report.profile} />
          ) : (
            <Skeleton height="40" role="status" aria-label={uiMessages.loading} />
          )}
        </Tabs.Content>
        <Tabs.Content value="password">
          <PasswordTab onUnsavedChange={report.password} />
        </Tabs.Content>
        <Tabs.Content value="appearance">
          <AppearanceTab />
        </Tabs.Content>
      </Tabs.Root>
      {leaveGuard}
    </PageFrame>
  );
}
