/** A file's text, imported with Vite's `?raw` suffix (the tests read the head script as shipped). */
declare module '*?raw' {
  const text: string;
  export default text;
}
