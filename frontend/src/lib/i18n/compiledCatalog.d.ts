// `import('…/portal.json?catalog')`: the catalog compiled for Lingui at build time (vite/compiledCatalogs.ts).
declare module '*.json?catalog' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
