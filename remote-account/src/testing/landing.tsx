/** A route that shows where a screen navigated to. */
export const landing = (path: string, name: string) => ({
  path,
  element: <h1>{name}</h1>,
});
