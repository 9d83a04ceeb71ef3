import { COMPANY_SORTS, COMPANY_TYPES, DEFAULT_COMPANY_SORT } from '@backoffice/contracts';
import { defineRemote, expose } from '@backoffice/remote-contract';

/**
 * The screens this area provides: the shell's route and menu entry and the server's first-screen
 * files are derived from this declaration, which the build ships as `remote.json`. The build reads
 * this file in Node, so its texts are written here rather than in messages.ts (browser code).
 */
export default defineRemote({
  name: 'companies',
  exposes: {
    CompaniesPage: expose<typeof import('./pages/CompaniesPage')>('./pages/CompaniesPage'),
    CompanyPage: expose<typeof import('./pages/CompanyPage')>('./pages/CompanyPage'),
  },
  screens: [
    {
      path: '/companies',
      expose: 'CompaniesPage',
      title: 'Empresas',
      access: 'signed-in',
      // Spec §2: the menu's second entry, after the shell's Início.
      menu: { label: 'Empresas', icon: 'briefcase', order: 10 },
      // The list's first page for the URL's search, asked for as soon as the page arrives (the page's
      // `prefetch` makes the same request; test/remote-declaration.test.ts keeps them equal).
      firstData: {
        list: '/companies/',
        pageSize: 5,
        params: ['search', 'type', 'is_active', 'sort'],
        defaults: { sort: DEFAULT_COMPANY_SORT },
        // What the page reads as absent (an unknown type, order or status) is not asked for either.
        values: { type: [...COMPANY_TYPES], is_active: ['true', 'false'], sort: [...COMPANY_SORTS] },
      },
    },
    {
      // A company's page (issue 27), opened from its name in the list; no menu entry of its own.
      path: '/companies/:id',
      expose: 'CompanyPage',
      title: 'Empresa',
      access: 'signed-in',
      // The company and its history, asked for as soon as the page arrives (the page asks for both
      // whatever it finds; test/first-data.test.ts keeps them the page's own requests).
      firstData: { get: ['/companies/:id', '/companies/:id/history'] },
    },
  ],
});
