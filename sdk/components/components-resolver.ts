import type { ComponentDefinition } from "../plugin/component-factory.js";

/**
 * Makes the definitions of dynamic streams: each one a copy of the `stream_template` with values
 * filled in (`HttpComponentsResolver` reads them from an API, `ConfigComponentsResolver` from the
 * config). The base class of custom resolvers.
 *
 * @example
 * export class Regions extends ComponentsResolver {
 *   async *resolve(template: ComponentDefinition) {
 *     for (const region of ["eu", "us"]) yield { ...template, name: `orders_${region}` };
 *   }
 * }
 */
export abstract class ComponentsResolver {
  /** The filled-in copies of `template`, one per dynamic stream (the template itself is left unchanged). */
  abstract resolve(template: ComponentDefinition, signal?: AbortSignal): AsyncIterable<ComponentDefinition>;
}
