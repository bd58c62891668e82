import { Authenticator, Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";

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
export const NoAuthComponent: ComponentFactory<NoAuth> = defineComponent({
  type: "NoAuth",
  kind: "authenticator",
  description: "Sends no credentials",
  examples: [{}],
  schema: Type.Object({
    type: Type.Optional(Type.Literal("NoAuth")),
  }),
  shared: true,
  build: () => new NoAuth(),
});
