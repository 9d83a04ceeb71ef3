/** A file's text, as Vite (vitest) imports it with `?raw`. */
declare module '*?raw' {
  const text: string;
  export default text;
}
