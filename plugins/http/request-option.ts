import {
  INJECTION_TARGETS,
  INJECTION_TARGET_NAMES,
  Interpolator,
  ManifestError,
  Type,
  defineComponent,
  injectRequestValue,
  jsonSchema,
  type ComponentFactory,
  type InjectionTarget,
  type OutgoingRequest,
  type RequestOption,
} from "../../sdk/index.js";

/**
 * `RequestOption`: where a value (a page token, a page size, an API key) goes in a request.
 * `field_name` (and each `field_path` segment) may use `config` and `parameters`; it is evaluated once,
 * when the connector is built. `field_path` nests the value in a JSON body.
 *
 * @example
 * page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: limit }   # ?limit=100
 * page_token_option: { type: RequestOption, inject_into: body_json, field_path: [page, cursor] } # {"page":{"cursor":"..."}}
 */
export const RequestOptionComponent: ComponentFactory<RequestOption> = defineComponent({
  type: "RequestOption",
  kind: "request_option",
  description: "Puts a value into a query parameter, header, form field or JSON body field",
  examples: [{ inject_into: "request_parameter", field_name: "limit" }],
  schema: Type.Object({
    inject_into: jsonSchema<InjectionTarget>({ enum: [...INJECTION_TARGET_NAMES] }),
    field_name: Type.Optional(Type.String()),
    field_path: Type.Optional(Type.Array(Type.String(), { minItems: 1 })),
  }),
  // A stream's `$parameters.field_path` is meant for its extractor, not for an option that names its field.
  parameterShadowedBy: { field_path: "field_name" },
  build(def, ctx) {
    const target = def.inject_into;
    const fieldName = def.field_name;
    // field_path nests a JSON body field; beside a field_name on any other target it cannot apply, and
    // manifests whose $parameters were written out by hand carry it there (source-workable): it is ignored.
    const nested = INJECTION_TARGETS[target].nested;
    const fieldPath = !nested && fieldName !== undefined ? undefined : def.field_path;
    if ((fieldName === undefined) === (fieldPath === undefined)) {
      throw new ManifestError("MANIFEST_INVALID", "A RequestOption needs exactly one of field_name and field_path", {
        where: { manifestPath: ctx.path },
        expected: "field_name, or field_path (body_json only)",
        found: fieldName === undefined ? "neither" : "both",
      });
    }
    if (fieldPath !== undefined && !nested) {
      throw new ManifestError("MANIFEST_INVALID", "field_path (nested injection) is only supported for body_json", {
        where: { manifestPath: `${ctx.path}.field_path` },
        expected: "inject_into: body_json, or a top-level field_name",
        found: `inject_into: ${target}`,
      });
    }
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const evalName = (template: string, path: string) => String(interpolator.compile(template, { path }).render(scope));
    const key = fieldPath ? fieldPath.map((s, i) => evalName(s, `${ctx.path}.field_path[${i}]`)) : evalName(fieldName!, `${ctx.path}.field_name`);
    const source = `RequestOption at ${ctx.path}`;
    return {
      kind: "request_option",
      target,
      inject(request: OutgoingRequest, value: unknown) {
        injectRequestValue(request, target, key, value, source);
      },
    };
  },
});

