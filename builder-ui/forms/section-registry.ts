import type { FormSection } from "./form-declaration.js";
import type { SectionDeclaration } from "./section-declaration.js";
import { errorHandler } from "./sections/error-handler.js";
import { incrementalSync } from "./sections/incremental-sync.js";
import { partitioning } from "./sections/partitioning.js";
import { recordFilterSection } from "./sections/record-filter.js";
import { transformations } from "./sections/transformations.js";

/**
 * The stream page's component sections, in the product's order (after Request Options and
 * Pagination): each drawn by view/component-section.tsx from its declaration.
 *
 * @example
 * STREAM_COMPONENT_SECTIONS.map((s) => s.title) // ["Record Filter", "Incremental Sync", "Partitioning", "Error Handler", "Transformations"]
 */
export const STREAM_COMPONENT_SECTIONS: readonly SectionDeclaration[] = [recordFilterSection, incrementalSync, partitioning, errorHandler, transformations];

/** The label of the kind selector of a nested list's items (a backoff strategy's "Strategy"). */
export const ITEM_KIND_LABELS: Partial<Record<FormSection, string>> = {
  "backoff-strategy": "Strategy",
  transformation: "Transformation",
  "partition-router": "Partition Router",
};
