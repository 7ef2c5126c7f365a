import { federatedConfig, serviceWorkerConfig } from '@taxi/tooling/webpack';
import { routesManifest } from './routes-manifest.js';
import { firstPaint } from './src/first-paint.ts';

// The shell: no remote is compiled in; they are registered at runtime from remotes.json.
const host = federatedConfig({
  dir: import.meta.dirname,
  name: 'host',
  isHost: true,
  firstPaint,
  devPort: 3000,
});
const serviceWorker = serviceWorkerConfig({ dir: import.meta.dirname });

// Production builds add the service worker (sw.js); development registers none.
export default (env, argv) => {
  const shell = host(env, argv);
  shell.plugins.push(routesManifest());
  return argv.mode === 'development' ? shell : [shell, serviceWorker(env, argv)];
};
