import { CustomCodeLoader, type BuildContext, type ServiceToken } from "../../../sdk/index.js";
import { createCustomCodeLoader } from "../../../core/loader/create-custom-code-loader.js";

/** A BuildContext for one custom component, with the real loader (trusting unless told otherwise). */
export function customBuildContext(connectorDir: string | undefined, overrides: Partial<BuildContext> & { trusted?: boolean } = {}): BuildContext {
  const loader = createCustomCodeLoader({ trusted: overrides.trusted ?? true });
  return {
    path: "streams[0].retriever.paginator.pagination_strategy",
    config: { api_key: "k" },
    parameters: { name: "reports" },
    stream: "reports",
    connectorDir,
    build: () => Promise.reject(new Error("not used")),
    buildChild: (definition: unknown, path: string) => Promise.resolve({ built: definition, path } as never),
    get<T>(token: ServiceToken<T>): T {
      if (token === CustomCodeLoader) return loader as T;
      throw new Error(`no service ${String(token.description)}`);
    },
    optional: () => undefined,
    ...overrides,
  };
}
