import { bodyNextUrl } from "./evidence/body-next-url.js";
import { cursorHasMore } from "./evidence/cursor-has-more.js";
import { graphqlPageInfo } from "./evidence/graphql-page-info.js";
import { lastIdCursor } from "./evidence/last-id-cursor.js";
import { linkHeader } from "./evidence/link-header.js";
import { odataNextLink } from "./evidence/odata-next-link.js";
import { offsetTotal } from "./evidence/offset-total.js";
import { pageTotal } from "./evidence/page-total.js";
import type { EvidenceDetector, EvidenceInput, PaginationGuess } from "./pagination-guess.js";

/**
 * The detectors, most specific first: a link the API hands over (a header, OData's, a GraphQL
 * connection's, a URL in the body) needs no parameter name guessed, so it wins over a cursor, which
 * wins over a has-more flag alone and over numbers to count with.
 */
const PAGINATION_DETECTORS: readonly EvidenceDetector[] = [linkHeader, odataNextLink, graphqlPageInfo, bodyNextUrl, cursorHasMore, lastIdCursor, offsetTotal, pageTotal];

/**
 * What the first response shows of its pagination: the first detector whose evidence gives a
 * paginator to try, else the first that saw pagination it could not follow (its `undecided` says
 * why), else undefined (no evidence of a next page: it may be the only one).
 *
 * @example
 * detectPagination({ response, records, primaryKey: "id" })?.kind // "link-header"
 */
export function detectPagination(input: EvidenceInput): PaginationGuess | undefined {
  let partial: PaginationGuess | undefined;
  for (const detector of PAGINATION_DETECTORS) {
    const guess = detector(input);
    if (guess && guess.candidates.length > 0) return guess;
    partial ??= guess;
  }
  return partial;
}
