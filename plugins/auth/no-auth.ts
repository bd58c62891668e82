import { Authenticator, type ComponentFactory } from "../../sdk/index.js";

/**
 * `NoAuth`: sends requests without credentials (public APIs). Also what a requester uses when it has
 * no authenticator.
 *
 * @example
 * authenticator: { type: NoAuth }
 */
export class NoAuth extends Authenticator {
  override apply(): void {}
}

/** The `NoAuth` component. */
export const NoAuthComponent: ComponentFactory<NoAuth> = {
  type: "NoAuth",
  kind: "authenticator",
  description: "Sends no credentials",
  examples: [{}],
  schema: { type: "object", properties: { type: { const: "NoAuth" } } },
  shared: true,
  build: () => new NoAuth(),
};
