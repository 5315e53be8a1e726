import { loadEveryArea } from '../platform/i18n/i18n';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Components render outside their pages here: every area's words, as a page would have them.
await loadEveryArea();
