/**
 * Walks a parsed JSON value's objects, depth first, with the path of each (a stack of segments the walk
 * keeps: the caller writes it out, `renderPath(path)`, only for what it reports, so a walk of a whole
 * manifest makes no string per node). `enter` sees each object and answers, for each of its keys, whether
 * the walk goes into that key's value: a function of the key, or false for none. Lists are walked item by item.
 *
 * @example
 * walkObjects(manifest, (object, path) => {
 *   if (object.type === "HttpRequester") console.log(renderPath(path));
 *   return (key) => key !== "schema";
 * });
 */
export function walkObjects(root: unknown, enter: (object: Record<string, unknown>, path: ReadonlyArray<string | number>) => ((key: string) => boolean) | false): void {
  const path: Array<string | number> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) under(i, value[i]);
      return;
    }
    if (!value || typeof value !== "object") return;
    const object = value as Record<string, unknown>;
    const into = enter(object, path);
    if (into) for (const key in object) if (into(key)) under(key, object[key]);
  };
  const under = (segment: string | number, value: unknown): void => {
    path.push(segment);
    walk(value);
    path.pop();
  };
  walk(root);
}
