/**
 * The known nunjucks / Jinja sandbox escape payloads must fail or render harmlessly, and no code may run.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createInterpolator } from "../../templates/index.js";
import { TemplateError } from "../../sdk/errors/index.js";

const interpolator = createInterpolator({ clock: () => 0 });
const MARK = "__sluice_sandbox_escaped";
const names = ["response", "headers", "last_record"];

/** Each payload, if it ever ran code, would set a global marker. */
const PAYLOADS = [
  `{{ range.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ "".constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ ''.constructor.constructor('globalThis.${MARK} = 1')() }}`,
  `{{ config.constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ response.data.constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ response.get.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ now_utc.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ now_utc().strftime.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ (1).constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ [].constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ {}.constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ config['constructor']['constructor']("globalThis.${MARK} = 1")() }}`,
  `{{ config.__proto__.constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ config['__proto__']['constructor'] }}`,
  `{{ response.__proto__.polluted }}`,
  `{{ config.prototype }}`,
  `{{ ''.__class__.__mro__[1].__subclasses__() }}`,
  `{{ config.__class__.__init__.__globals__ }}`,
  `{{ dict.__init__.__globals__ }}`,
  `{{ cycler.__init__.__globals__.os.popen('id').read() }}`,
  `{{ lipsum.__globals__['os'].popen('id').read() }}`,
  `{{ self.__init__.__globals__ }}`,
  `{{ process.mainModule.require('child_process').execSync('id') }}`,
  `{{ require('child_process').execSync('id') }}`,
  `{{ global.process.exit(1) }}`,
  `{{ globalThis.process }}`,
  `{{ this.constructor.constructor("globalThis.${MARK} = 1")() }}`,
  `{% set x = "".constructor.constructor("globalThis.${MARK} = 1") %}{{ x() }}`,
  `{{ json_loads.constructor("globalThis.${MARK} = 1")() }}`,
  `{{ import('fs') }}`,
];

function outcome(template: string): string {
  try {
    const compiled = interpolator.compile(template, { path: "sandbox", names: [...names, "json_loads"] });
    return `rendered ${JSON.stringify(compiled.render({ config: {}, parameters: {}, response: { data: [1], __proto__: { polluted: "own key" } }, headers: {}, last_record: null, json_loads: JSON.parse }))}`;
  } catch (error) {
    assert.ok(error instanceof TemplateError, `${template} threw a non-template error: ${String(error)}`);
    return `refused ${error.code}`;
  }
}

describe("the template sandbox", () => {
  for (const payload of PAYLOADS) {
    it(`neutralises ${payload}`, () => {
      const result = outcome(payload);
      assert.equal((globalThis as Record<string, unknown>)[MARK], undefined, `${payload} ran code`);
      assert.ok(!/function|native code|\[object|process|require|child_process|uid=/.test(result), `${payload} leaked: ${result}`);
    });
  }

  it("renders JavaScript-only properties of data as undefined (nothing)", () => {
    const t = interpolator.compile("{{ config.constructor }}|{{ config.toString }}|{{ config.hasOwnProperty }}|{{ 'x'.length }}", { path: "p" });
    assert.equal(t.render({ config: {}, parameters: {} }), "|||");
  });

  it("reads a data key named __proto__ or constructor as ordinary data", () => {
    const response = JSON.parse('{"__proto__": {"next": "p"}, "constructor": "c"}');
    const t = interpolator.compile("{{ response['__proto__']['next'] }}-{{ response.constructor }}", { path: "p", names: ["response"] });
    assert.equal(t.render({ config: {}, parameters: {}, response }), "p-c");
    assert.equal(({} as Record<string, unknown>).next, undefined, "Object.prototype was not touched");
  });

  it("refuses Python dunder attributes with a security error when they are used", () => {
    assert.equal(interpolator.compile("{{ ''.__class__ }}", { path: "p" }).render({ config: {}, parameters: {} }), "");
    assert.throws(() => interpolator.compile("{{ ''.__class__.__mro__ }}", { path: "p" }).render({ config: {}, parameters: {} }),
      (e: unknown) => e instanceof TemplateError && e.code === "TEMPLATE_SECURITY");
  });

  it("does not reach names outside the context, even ones JavaScript has globally", () => {
    for (const name of ["process", "require", "globalThis", "global", "Function", "eval", "setTimeout"]) {
      assert.throws(() => interpolator.compile(`{{ ${name} }}`, { path: "p" }),
        (e: unknown) => e instanceof TemplateError && e.code === "TEMPLATE_UNDEFINED_NAME", name);
    }
  });
});

describe("keys named __proto__ in template output", () => {
  it("stay ordinary keys in dict literals, the literal step and nested values", () => {
    const literal = interpolator.compile(`{{ {'__proto__': {'polluted': 1} } }}`, { path: "p" }).eval({ config: {}, parameters: {} }) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(literal), Object.prototype);
    assert.deepEqual(Object.keys(literal), ["__proto__"]);
    const nested = interpolator.compileNested({ "{{ '__proto__' }}": { polluted: "{{ 1 }}" } }, { path: "p" }).eval({ config: {}, parameters: {} }) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(nested), Object.prototype);
    assert.deepEqual(Object.keys(nested), ["__proto__"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
