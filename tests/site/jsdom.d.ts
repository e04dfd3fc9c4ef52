// The few parts of jsdom the built-site tests use (the package ships no types, and its
// DefinitelyTyped package is not installed): a document parsed from text, which runs no script.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
