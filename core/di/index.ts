export { ServiceContainer } from "./service-container.js";
export { ComponentRegistry, ComponentRegistryToken } from "./component-registry.js";
