import { describe, expect, it } from 'vitest';
import { EXPOSE_CHUNK_GROUP_PREFIX, firstScreenGroups } from '../src/rsbuild.js';

/** The part of rspack's stats JSON the plugin reads, shaped as a remote's production build gives it. */
const stats = {
  chunks: [
    {
      id: 9,
      files: ['static/js/async/9.4c834efb24.js'],
      modules: [
        { moduleType: 'javascript/auto', identifier: '/remote/src/components/Toolbar.tsx' },
        {
          moduleType: 'consume-shared-module',
          identifier: 'consume shared module (default) @chakra-ui/react/table@^3.37.0 (strict)',
        },
        { moduleType: 'consume-shared-module', identifier: 'consume shared module (default) react@^19.3.0 (strict)' },
      ],
    },
    {
      id: 'g',
      files: [
        'static/js/async/g.59764349c1.js',
        'static/js/async/g.59764349c1.js.map',
        'static/css/async/g.0a1b2c3d4e.css',
      ],
      modules: [
        {
          moduleType: 'consume-shared-module',
          identifier: 'consume shared module (default) @backoffice/ui@^1.0.0 (singleton)',
        },
        {
          moduleType: 'consume-shared-module',
          identifier: 'consume shared module (default) react@^19.3.0 (strict)',
        },
      ],
    },
    {
      id: 'lazy',
      files: ['static/js/async/lazy.aa.js'],
      modules: [
        {
          moduleType: 'consume-shared-module',
          identifier: 'consume shared module (default) @chakra-ui/react/dialog@^3.37.0 (strict)',
        },
      ],
    },
  ],
  namedChunkGroups: {
    [`${EXPOSE_CHUNK_GROUP_PREFIX}CompaniesPage`]: { chunks: [9, 'g'] },
    'company-dialog': { chunks: ['lazy'] },
    remote_companies: { chunks: ['remote_companies'] },
  },
};

describe('first-screen.json', () => {
  it("lists a first screen's JS files and the shared modules its chunks consume, each once", () => {
    expect(firstScreenGroups(stats, (name) => name.startsWith(EXPOSE_CHUNK_GROUP_PREFIX))).toEqual({
      __federation_expose_CompaniesPage: {
        js: ['static/js/async/9.4c834efb24.js', 'static/js/async/g.59764349c1.js'],
        css: ['static/css/async/g.0a1b2c3d4e.css'],
        shared: ['@backoffice/ui', '@chakra-ui/react/table', 'react'],
      },
    });
  });

  it('leaves out the groups that load later (a dialog opened on demand)', () => {
    expect(Object.keys(firstScreenGroups(stats, (name) => name === 'company-dialog'))).toEqual(['company-dialog']);
    expect(firstScreenGroups(stats, () => false)).toEqual({});
  });
});
