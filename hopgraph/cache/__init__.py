"""The cross-question cache: sub-query results, entity links and route decisions, keyed by normalised text and
the store's fingerprint (`hopgraph.cache.query_cache`)."""
