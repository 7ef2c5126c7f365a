// What the app uses of react-i18next, provided to every part as the `react-i18next` singleton.
// The whole package (Trans and its HTML parser, withTranslation, SSR helpers) is ~9 kB Brotli
// and a shared module is not tree-shaken; this surface is (~2 kB). surface.test.ts checks every
// import in the repo against it. It imports the package under another name (an alias of the
// webpack and jest configurations): by its own name it would consume itself as the singleton.
export { initReactI18next, useTranslation } from 'react-i18next-unshared';
