// nunjucks ships no types for its private modules; templates/nunjucks-internals.ts types what it uses
// (NUNJUCKS_CONTRACT, checked against the installed files by test/templates/nunjucks-internals.test.ts).
declare module "nunjucks/src/lexer.js" {
  const lexer: unknown;
  export default lexer;
}
declare module "nunjucks/src/parser.js" {
  const parser: unknown;
  export default parser;
}
declare module "nunjucks/src/nodes.js" {
  const nodes: unknown;
  export default nodes;
}
