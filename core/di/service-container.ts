import { removeTslibGlobals } from "./tslib-globals.js";
// tsyringe throws at import without the Metadata Reflection API, which reflect-metadata adds to the global
// Reflect (see docs/package.md); Sluice registers services by token and stores no metadata itself.
import "reflect-metadata";
import { container as rootContainer, type DependencyContainer } from "tsyringe";
import { SluiceError, type ServiceToken } from "../../sdk/index.js";

removeTslibGlobals();

/**
 * Sluice's view of the tsyringe container: typed tokens in, services out. A connector gets a child
 * container, so a host can override a service (the fetch implementation, the clock, the config store)
 * for one connector without touching the others.
 *
 * @example
 * const services = ServiceContainer.root().child();
 * services.register(Clock, fakeClock);
 * services.get(Clock).now();
 */
export class ServiceContainer {
  private constructor(private readonly container: DependencyContainer) {}

  /** A fresh top-level container (not tsyringe's global one, so two hosts in one process stay apart). */
  static root(): ServiceContainer {
    return new ServiceContainer(rootContainer.createChildContainer());
  }

  /** A child that sees this container's services and may override them. */
  child(): ServiceContainer {
    return new ServiceContainer(this.container.createChildContainer());
  }

  register<T>(token: ServiceToken<T>, value: T): void {
    this.container.register(token, { useValue: value });
  }

  /** Registers a service built on first use, from the container that asks for it. */
  registerLazy<T>(token: ServiceToken<T>, create: (services: ServiceContainer) => T): void {
    let instance: T | undefined;
    let built = false;
    this.container.register(token, {
      useFactory: () => {
        if (!built) {
          instance = create(this);
          built = true;
        }
        return instance as T;
      },
    });
  }

  has<T>(token: ServiceToken<T>): boolean {
    return this.container.isRegistered(token, true);
  }

  get<T>(token: ServiceToken<T>): T {
    if (!this.container.isRegistered(token, true)) {
      throw new SluiceError("SERVICE_NOT_REGISTERED", `No service is registered for ${String(token.description ?? token.toString())}`, { expected: "a registered service", found: "nothing" });
    }
    return this.container.resolve<T>(token);
  }
}
