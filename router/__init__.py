"""Question routing: plan a question into evidence requirements and sub-queries."""
