import 'i18next';
import type { EnCatalogue } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnCatalogue;
  }
}
