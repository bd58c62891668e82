import { defineSection } from "../section-declaration.js";

/** Partitioning: Parameterized Requests and Parent Stream routers (`retriever.partition_router`); several multiply. */
export const partitioning = defineSection({
  id: "partitioning",
  title: "Partitioning",
  path: "retriever.partition_router",
  forms: "partition-router",
  shape: "one-or-many",
  kindLabel: "Partition Router",
  noun: "partition router",
  note: "One request per value of a list, or per record of a parent stream; several routers: one request per combination.",
});
