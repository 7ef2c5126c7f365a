import { registerServiceWorker } from './sw/register';

// Async boundary: shared singletons are negotiated before any of them is used.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
registerServiceWorker();
