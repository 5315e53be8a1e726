import 'i18next';
import type { EnCatalogue } from './catalogue-types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnCatalogue;
  }
}
