import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules between the workspace's layers are Biome rules (`noRestrictedImports` per folder in
 * the root biome.json, run by `npm run check`): contracts ← api-client ← ui ← remotes ← shell, the
 * server on contracts only, no remote importing another, the shell never importing a remote's source,
 * screens reaching the API through api-client hooks only. This test lints probe files placed in each
 * folder of a scratch copy of the layout with the real configuration, so a rule that stops firing (a
 * glob that no longer matches, an override that shadows another) fails here.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');

/** path of a probe → its source; `true` when Biome must refuse it, `false` when it must accept it. */
const probes: Record<string, { source: string; refused: boolean }> = {
  'packages/contracts/src/uses-api-client.ts': {
    source: "import { queryClient } from '@backoffice/api-client';\nexport const x = queryClient;\n",
    refused: true,
  },
  'packages/contracts/src/uses-ui-by-path.ts': {
    source: "import { uiMessages } from '../../ui/src/messages.js';\nexport const x = uiMessages;\n",
    refused: true,
  },
  'packages/contracts/src/uses-valibot.ts': {
    source: "import * as v from 'valibot';\nexport const x = v.string();\n",
    refused: false,
  },
  'packages/api-client/src/uses-ui.ts': {
    source: "import { toaster } from '@backoffice/ui';\nexport const x = toaster;\n",
    refused: true,
  },
  'packages/server/src/uses-react.ts': {
    source: "import { useState } from 'react';\nexport const x = useState;\n",
    refused: true,
  },
  'packages/server/src/uses-api-client.ts': {
    source: "import { ApiError } from '@backoffice/api-client';\nexport const x = ApiError;\n",
    refused: true,
  },
  'packages/server/src/uses-contracts.ts': {
    source: "import { apiErrors } from '@backoffice/contracts';\nexport const x = apiErrors;\n",
    refused: false,
  },
  'packages/ui/src/uses-kit.ts': {
    source: "import { PageFrame } from './kit/index.js';\nexport const x = PageFrame;\n",
    refused: true,
  },
  'packages/ui/src/kit/uses-toaster-by-path.ts': {
    source: "import { toaster } from '../toaster.js';\nexport const x = toaster;\n",
    refused: true,
  },
  'packages/ui/src/kit/uses-ui.ts': {
    source: "import { toaster } from '@backoffice/ui';\nexport const x = toaster;\n",
    refused: false,
  },
  'shell/src/uses-remote-source.ts': {
    source: "import Page from '../../remote-admin/src/pages/AdminPage';\nexport const x = Page;\n",
    refused: true,
  },
  'shell/src/uses-remote-package.ts': {
    source: "export const load = () => import('remote-companies/src/pages/CompaniesPage');\n",
    refused: true,
  },
  'shell/src/routes/uses-own-module.ts': {
    source: "import { remoteRoute } from './remote-route';\nexport const x = remoteRoute;\n",
    refused: false,
  },
  'shell/src/pages/uses-query.ts': {
    source: "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n",
    refused: true,
  },
  'remote-admin/src/uses-other-remote.ts': {
    source: "import { messages } from '../../remote-companies/src/messages';\nexport const x = messages;\n",
    refused: true,
  },
  'remote-admin/src/uses-shell.ts': {
    source: "import { messages } from '../../shell/src/messages';\nexport const x = messages;\n",
    refused: true,
  },
  'remote-companies/src/uses-mutation.ts': {
    source: "import { useMutation } from '@tanstack/react-query';\nexport const x = useMutation;\n",
    refused: true,
  },
  'remote-companies/src/uses-provider.ts': {
    source: "import { QueryClientProvider } from '@tanstack/react-query';\nexport const x = QueryClientProvider;\n",
    refused: false,
  },
  'remote-settings/src/uses-kit.ts': {
    source: "import { useBlurForm } from '@backoffice/ui/kit';\nexport const x = useBlurForm;\n",
    refused: false,
  },
};

interface Diagnostic {
  category: string;
  location?: { path?: string };
}

let scratch: string;
let refusedPaths: Set<string>;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'backoffice-layers-'));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  for (const [path, probe] of Object.entries(probes)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), probe.source);
  }
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits non-zero when it reports errors, which is what most probes are for.
    output = (error as { stdout: string }).stdout;
  }
  const { diagnostics } = JSON.parse(output) as { diagnostics: Diagnostic[] };
  refusedPaths = new Set(
    diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location?.path ?? ''),
  );
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('layer rules (biome.json)', () => {
  it.each(Object.entries(probes))('%s', (path, { refused }) => {
    expect(refusedPaths.has(path), refused ? 'should be refused' : 'should be accepted').toBe(refused);
  });
});
