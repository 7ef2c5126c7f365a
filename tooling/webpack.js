// One webpack + module-federation configuration for the host and every remote.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { sharedContract, sharedSingletons } from './singletons.js';

// pnpm keeps webpack out of the federation plugin's reach; tell it where ours is.
const require = createRequire(import.meta.url);
process.env.FEDERATION_WEBPACK_PATH ||= require.resolve('webpack');
const { ModuleFederationPlugin } = await import('@module-federation/enhanced/webpack');

/**
 * The host's start-up chunks would otherwise be discovered one after another (entry, then
 * bootstrap, then each shared singleton). Preloading them from the HTML fetches them in one
 * round trip. Start-up needs the bootstrap chunk group and the chunks through which the host
 * provides each singleton; fallback copies that the host never loads are left out.
 */
class PreloadHostChunks {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadHostChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadHostChunks',
        (data) => {
          const { chunkGraph } = compilation;
          const groups = [compilation.namedChunkGroups.get('bootstrap')];
          for (const module of compilation.modules) {
            if (module.constructor.name !== 'ProvideSharedModule') continue;
            for (const block of module.blocks) groups.push(chunkGraph.getBlockChunkGroup(block));
          }
          const files = new Set();
          for (const group of groups) {
            for (const chunk of group?.chunks ?? []) {
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            }
          }
          const publicPath = compilation.outputOptions.publicPath;
          for (const file of [...files].sort()) {
            data.headTags.push({
              tagName: 'link',
              voidTag: true,
              meta: { plugin: 'PreloadHostChunks' },
              attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
            });
          }
          return data;
        },
      );
    });
  }
}

/**
 * Marks start-up scripts for eager compilation (V8's explicit compile hints, Chrome 136+): most
 * of their functions run before the first screen is usable, and V8 then compiles them while the
 * script streams in, off the main thread, instead of lazily on it. The comment must open the
 * file: it is added after minification (which drops comments) and before the source maps.
 */
class EagerCompileHint {
  /** @param {RegExp} include  the start-up scripts */
  constructor(include) {
    this.include = include;
  }

  apply(compiler) {
    new compiler.webpack.BannerPlugin({
      banner: '//# allFunctionsCalledOnLoad',
      raw: true,
      include: this.include,
      stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
    }).apply(compiler);
  }
}

/** A JSON file the build writes beside its output, e.g. routes.json or first-paint.json. */
export class JsonAsset {
  /**
   * @param {string} file
   * @param {() => unknown} content  read when the build writes it
   */
  constructor(file, content) {
    this.file = file;
    this.content = content;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('JsonAsset', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'JsonAsset', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(this.file, new RawSource(JSON.stringify(this.content()))),
      );
    });
  }
}

/** A file of a package as the shared package (@taxi/shared), which depends on it, finds it. */
export const resolveFromShared = (request) =>
  require.resolve(request, { paths: [path.resolve(import.meta.dirname, '../shared')] });

// Where shared/src/vendor/react-router-dom.ts finds React Router.
const reactRouterProduction = path.join(
  path.dirname(resolveFromShared('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The phone rules (libphonenumber-js's `mobile` metadata) as the JSON file the package ships. Its
 * ES export is the same 99 kB as an object literal, which the browser parses as script; a JSON
 * module becomes `JSON.parse('…')`, which V8 reads much faster, when a phone field loads.
 */
export const PHONE_METADATA_ALIAS = {
  'libphonenumber-js/metadata.mobile.json$': resolveFromShared(
    'libphonenumber-js/metadata.mobile.json',
  ),
};

/** MapLibre's style sheet, which the map imports. */
export const MAPLIBRE_SHEET = /maplibre-gl[\\/]dist[\\/]maplibre-gl\.css$/;

/**
 * MapLibre's parts the app never creates (its map has its own fit and locate buttons, no
 * popups, scale, logo, globe or terrain): their rules, icons and keyframes are 90 % of the
 * library's 70 kB style sheet, which the page would parse when the map loads.
 */
export const MAPLIBRE_UNUSED =
  /^maplibregl-(ctrl-(zoom-(in|out)|fullscreen|shrink|compass|globe|terrain|geolocate|logo|scale)|popup|user-location|cooperative-gesture|pseudo-fullscreen|spin)/;

const styleSheetLoader = path.join(import.meta.dirname, 'style-sheet-loader.js');

const swcOptions = (dev) => ({
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
    // ES2022 as written: every browser the app supports runs it (docs/architecture.md), and
    // down-levelled class fields and the like only cost bytes.
    target: 'es2022',
  },
});

/**
 * @param {object} o
 * @param {string} o.dir         package folder
 * @param {string} o.name        federation name (host, ordering, tracking, account, legal)
 * @param {Record<string,string>} [o.exposes]  screen modules of a remote
 * @param {import('@taxi/shared').FirstPaint} [o.firstPaint]  first texts of its screens
 * @param {boolean} [o.isHost]
 * @param {number} [o.devPort]   webpack-dev-server port
 */
export function federatedConfig({
  dir,
  name,
  exposes = {},
  firstPaint,
  isHost = false,
  devPort = 3000,
}) {
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    const dev = mode === 'development';
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    // RELEASE_VERSION builds a release under another version than package.json's (release command).
    const version = process.env.RELEASE_VERSION || pkg.version;
    process.env.MF_BUILD_VERSION = version;
    // Every build lands in its own versioned folder; the server maps it to /mf/<name>/<version>/.
    const publicPath = isHost ? `/mf/host/${version}/` : 'auto';
    return {
      name,
      mode,
      context: dir,
      entry: isHost ? { main: './src/index.ts' } : {},
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      // webpack's own runtime code in ES2022 too (arrow functions, const), like the app's.
      target: ['web', 'es2022'],
      output: {
        path: path.join(dir, 'dist', version),
        publicPath,
        // The release folder is versioned and immutable, so entry names need no hash.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        uniqueName: `taxi_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // The federation runtime the host provides is required with require(); resolving it to
        // the same ES build the bundler runtime imports keeps one copy instead of two.
        byDependency: { commonjs: { conditionNames: ['import', 'module', 'browser', 'default'] } },
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // The package behind the react-i18next surface (shared/src/vendor/react-i18next.ts).
        alias: {
          'react-i18next-unshared$': 'react-i18next',
          // React Router's package exports only its development build, warnings included; the
          // production build beside it is the same code without them.
          ...(dev ? {} : { 'react-router$': reactRouterProduction }),
          ...PHONE_METADATA_ALIAS,
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules[\\/](?!@taxi)/,
            use: { loader: require.resolve('swc-loader'), options: swcOptions(dev) },
          },
          {
            test: /\.css$/,
            oneOf: [
              {
                test: MAPLIBRE_SHEET,
                use: { loader: styleSheetLoader, options: { unused: MAPLIBRE_UNUSED.source } },
              },
              { use: styleSheetLoader },
            ],
          },
          { test: /\.(png|svg|ico|webp)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        {
          // What this build runs against, for the host's compatibility guard.
          apply: (compiler) =>
            new compiler.webpack.DefinePlugin({
              __TAXI_SHARED_CONTRACT__: JSON.stringify(sharedContract(dir)),
              // The release this build is, so the host's error reports can name it.
              __TAXI_RELEASE__: JSON.stringify(version),
              // The host registers its service worker in production builds only.
              __TAXI_SERVICE_WORKER__: JSON.stringify(isHost && !dev),
            }).apply(compiler),
        },
        new ModuleFederationPlugin({
          name: isHost ? 'host' : name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: isHost ? undefined : exposes,
          remotes: isHost ? {} : undefined,
          // The host's singletons are in its start-up chunks (eager) instead of a chunk each: every
          // first screen needs them, and 21 files over HTTP/1.1's six connections were four
          // round trips on 2G (login 156.0 -> 148.5 kB Brotli, 21 -> 6 files).
          shared: sharedSingletons(dir, { eager: isHost }),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: {
            // The host carries the federation runtime once; remotes borrow it (~28 kB gzip each).
            provideExternalRuntime: isHost,
            externalRuntime: !isHost,
            // A remote loads no remote of its own: its entry needs no code for loading one.
            optimization: { target: 'web', disableRemote: !isHost },
          },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src', 'index.html'),
                scriptLoading: 'defer',
                minify: !dev,
              }),
              new PreloadHostChunks(),
              new EagerCompileHint(/^main\.js$/),
            ]
          : []),
        // The first texts of its screens for the server's skeleton (@taxi/contract FirstPaint).
        ...(firstPaint ? [new JsonAsset('first-paint.json', () => firstPaint)] : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        hot: false,
        historyApiFallback: isHost ? { index: `${publicPath}index.html` } : false,
        // The host in development talks to the API server started by `npm start` (API_URL).
        proxy: isHost
          ? [
              {
                context: (pathname) => !pathname.startsWith(publicPath),
                target: process.env.API_URL ?? 'http://localhost:8080',
                ws: true,
                bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
              },
            ]
          : undefined,
        headers: { 'Access-Control-Allow-Origin': '*' },
        devMiddleware: { publicPath: isHost ? publicPath : `/mf/${name}/${version}/` },
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * The host's service worker (`src/sw/worker.ts` with the Workbox modules it imports) as one
 * classic script, `sw.js`, beside the host's files in `dist/<version>/`. A configuration of its
 * own: no federation runtime, no HTML, nothing of it reaches the page. Built after the host,
 * whose build empties the folder first.
 * @param {object} o
 * @param {string} o.dir  the host's package folder
 */
export function serviceWorkerConfig({ dir }) {
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const version = process.env.RELEASE_VERSION || pkg.version;
    return {
      name: 'sw',
      dependencies: ['host'],
      mode,
      context: dir,
      target: 'webworker',
      entry: { sw: './src/sw/worker.ts' },
      devtool: mode === 'development' ? false : 'source-map',
      output: {
        path: path.join(dir, 'dist', version),
        filename: '[name].js',
        publicPath: '/',
        clean: false,
      },
      resolve: {
        extensions: ['.ts', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?ts$/,
            exclude: /node_modules/,
            use: { loader: require.resolve('swc-loader'), options: swcOptions(false) },
          },
        ],
      },
      optimization: { splitChunks: false, runtimeChunk: false },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
