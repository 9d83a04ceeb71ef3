/**
 * The four remotes: their federation name, what they expose, where their build is served in
 * production (next to the shell, one origin) and their standalone dev port.
 */
export const REMOTES = {
  auth: {
    name: 'remote_auth',
    packageName: 'remote-auth',
    devPort: 3001,
    exposes: {
      './Login': './src/pages/Login.tsx',
      './Signup': './src/pages/Signup.tsx',
      './RecoverPassword': './src/pages/RecoverPassword.tsx',
      './ResetPassword': './src/pages/ResetPassword.tsx',
      './RevertEmailChange': './src/pages/RevertEmailChange.tsx',
    },
  },
  companies: {
    name: 'remote_companies',
    packageName: 'remote-companies',
    devPort: 3002,
    exposes: { './CompaniesPage': './src/pages/CompaniesPage.tsx' },
  },
  admin: {
    name: 'remote_admin',
    packageName: 'remote-admin',
    devPort: 3003,
    exposes: { './AdminPage': './src/pages/AdminPage.tsx' },
  },
  settings: {
    name: 'remote_settings',
    packageName: 'remote-settings',
    devPort: 3004,
    exposes: { './SettingsPage': './src/pages/SettingsPage.tsx' },
  },
} as const;

export type RemoteKey = keyof typeof REMOTES;
export type RemoteName = (typeof REMOTES)[RemoteKey]['name'];

export const SHELL_NAME = 'shell';
export const SHELL_DEV_PORT = 3000;
/** The manifest file name every remote build emits. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** Production path of a remote's build on the serving origin, e.g. `/remotes/auth/`. */
export function remoteBasePath(key: RemoteKey): string {
  return `/remotes/${key}/`;
}

/** The `remotes.json` the shell build ships: remote name → manifest URL, same origin. */
export function productionRemotesJson(): Record<RemoteName, string> {
  const result = {} as Record<RemoteName, string>;
  for (const key of Object.keys(REMOTES) as RemoteKey[]) {
    result[REMOTES[key].name] = `${remoteBasePath(key)}${MANIFEST_FILE}`;
  }
  return result;
}

/** Dev `remotes.json`: each remote on its own dev server. */
export function devRemotesJson(host = 'localhost'): Record<RemoteName, string> {
  const result = {} as Record<RemoteName, string>;
  for (const key of Object.keys(REMOTES) as RemoteKey[]) {
    result[REMOTES[key].name] = `http://${host}:${REMOTES[key].devPort}/${MANIFEST_FILE}`;
  }
  return result;
}
