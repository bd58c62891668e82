/**
 * A class and its ancestors by name, for "found" in base-class errors.
 *
 * @example
 * describeClassChain(class A extends Map {}); // "A extends Map"
 * describeClassChain(class B {});             // "B (extends nothing)"
 */
export function describeClassChain(cls: Function): string {
  const names: string[] = [];
  for (let current: unknown = cls; typeof current === "function" && current !== Function.prototype; current = Object.getPrototypeOf(current)) {
    names.push((current as Function).name || "(anonymous class)");
  }
  return names.length > 1 ? names.join(" extends ") : `${names[0] ?? "(anonymous class)"} (extends nothing)`;
}

/** True when some ancestor is named `baseName` but is not the running SDK's class: another copy of the SDK. */
export function extendsAnotherCopyOf(cls: Function, baseName: string): boolean {
  for (let current: unknown = Object.getPrototypeOf(cls); typeof current === "function"; current = Object.getPrototypeOf(current)) {
    if ((current as Function).name === baseName) return true;
  }
  return false;
}

/** True when the class (or an ancestor) defines a method or accessor named `name` on its prototype. */
export function hasMember(cls: Function, name: string): boolean {
  return typeof cls.prototype === "object" && cls.prototype !== null && name in cls.prototype;
}
