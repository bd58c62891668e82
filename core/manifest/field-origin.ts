import { renderPath, splitPath } from "../../pure/manifest-path.js";

/**
 * Where the value of a field of the resolved manifest is written, so the page can show the resolved
 * value and edit it at its definition: in place, behind a `$ref` (a shared definition), or in an
 * enclosing component's `$parameters` (which the pipeline copies onto a component whose field is
 * missing). `absent` when it is written nowhere (the form may add it at `segments`, the field's own place).
 *
 * @example
 * // streams[0].retriever.requester is { $ref: "#/definitions/requester", path: "/users" }
 * fieldOrigin(positions, "streams[0].retriever.requester.url_base")
 * // { via: "$ref", sourcePath: "definitions.requester.url_base", segments: ["definitions", "requester", "url_base"], line: 4, column: 15 }
 */
export interface FieldOrigin {
  via: "self" | "$ref" | "$parameters" | "absent";
  /** The written place, as a manifest path. */
  sourcePath: string;
  /** The same place as segments, as the page's YAML document addresses it. */
  segments: Array<string | number>;
  line?: number;
  column?: number;
}

/**
 * What {@link fieldOrigin} asks of the manifest's `SourcePositions`, by shape: this module stays free
 * of node imports, so the Builder's page can import its {@link FieldOrigin} type.
 */
export interface PathLocator {
  locateSegments(segments: ReadonlyArray<string | number>): { segments: Array<string | number>; line?: number; column?: number; partial?: boolean };
}

/** The origin of one resolved-manifest path: see {@link FieldOrigin}. */
export function fieldOrigin(positions: PathLocator, path: string): FieldOrigin {
  const segments = splitPath(path);
  const own = positions.locateSegments(segments);
  if (!own.partial) {
    const sourcePath = renderPath(own.segments);
    return { via: sourcePath === path ? "self" : "$ref", sourcePath, segments: [...own.segments], line: own.line, column: own.column };
  }
  // Not written where it is used: an enclosing component's `$parameters` supplies a missing field
  // (`segments[k]`), and the rest of the path lies inside that parameter's value.
  const key = segments.at(-1);
  for (let k = segments.length - 1; k >= 0; k--) {
    if (typeof segments[k] !== "string") continue;
    for (let end = k; end >= 0; end--) {
      const found = positions.locateSegments([...segments.slice(0, end), "$parameters", ...segments.slice(k)]);
      if (!found.partial) return { via: "$parameters", sourcePath: renderPath(found.segments), segments: [...found.segments], line: found.line, column: found.column };
    }
  }
  // Written nowhere: a form that sets it writes it where the nearest written ancestor leads (a definition behind a $ref).
  const parent = positions.locateSegments(segments.slice(0, -1));
  const base = parent.partial ? segments.slice(0, -1) : parent.segments;
  const at = [...base, ...(key === undefined ? [] : [key])];
  return { via: "absent", sourcePath: renderPath(at), segments: at, line: parent.line, column: parent.column };
}
