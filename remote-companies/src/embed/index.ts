// The embed bundle (embed.js): React, Chakra and the screen in one classic script, no Module Federation.
import { BackofficeCompaniesElement, defineBackofficeCompanies, EMBED_TAG } from './element';
import { EMBED_VERSION, mount } from './mount';

declare global {
  interface Window {
    BackofficeCompanies?: {
      version: string;
      tagName: string;
      mount: typeof mount;
      Element: typeof BackofficeCompaniesElement;
    };
  }
}

defineBackofficeCompanies();
window.BackofficeCompanies = { version: EMBED_VERSION, tagName: EMBED_TAG, mount, Element: BackofficeCompaniesElement };
