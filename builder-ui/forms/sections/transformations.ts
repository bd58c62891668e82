import { defineSection } from "../section-declaration.js";

/** Transformations: changes applied to each record, in order (`transformations`). */
export const transformations = defineSection({
  id: "transformations",
  title: "Transformations",
  path: "transformations",
  forms: "transformation",
  shape: "list",
  kindLabel: "Transformation",
  noun: "transformation",
  note: "Add, remove or rename fields of each record, in order.",
});
