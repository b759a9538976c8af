// `import code from "./file.browser.ts?inline-script"`: the file compiled to one small classic
// script's text (vite/inline-script.ts).
declare module "*?inline-script" {
  const code: string;
  export default code;
}
