// react-i18next under a name no singleton matches (react-i18next.ts).
declare module 'react-i18next-unshared' {
  export * from 'react-i18next';
}
