/** A remote's `remote.json` with one screen (as @backoffice/federation's pluginRemoteDeclaration writes it). */
export function declaration(name: string, screenPath: string, expose: string, extra: object = {}) {
  return {
    name,
    version: '1.0.0',
    contract: '1.0.0',
    screens: [
      { path: screenPath, expose, title: name, access: 'signed-in', menu: { label: name, icon: 'box', order: 10 } },
    ],
    exposes: [expose],
    shared: { react: '^19.3.0' },
    ...extra,
  };
}
