// Import first in every UI test file: a jsdom document as the global DOM for React and Testing Library.
import 'global-jsdom/register';
import { installDialogPolyfill } from './dialog-polyfill';

installDialogPolyfill(globalThis as unknown as Window & typeof globalThis);
