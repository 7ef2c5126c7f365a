// Component and unit tests of every front-end package, in one jest run.
export default {
  projects: [
    '<rootDir>/contract',
    '<rootDir>/shared',
    '<rootDir>/host',
    '<rootDir>/remote-ordering',
    '<rootDir>/remote-tracking',
    '<rootDir>/remote-account',
    '<rootDir>/remote-legal',
  ],
};
