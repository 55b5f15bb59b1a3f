"""The gold vocabulary of extraction benchmarks (`benchmarks/extraction_quality.py`): our canonical predicates
mapped to it. `hopgraph.indexing.predicates.to_gold` reads this table; it is re-exported there.
"""

from __future__ import annotations

#: canonical predicate -> (gold predicate, arguments swapped), for the newsdesk-style gold vocabulary.
GOLD_PREDICATE: dict[str, tuple[str, bool]] = {
    "born in": ("born_in", False), "born on": ("born_on", False), "die in": ("died_in", False),
    "die on": ("other", False), "spouse": ("spouse", False), "father": ("parent_of", False),
    "mother": ("parent_of", False), "parent": ("parent_of", False), "son": ("parent_of", True),
    "daughter": ("parent_of", True), "child": ("parent_of", True), "brother": ("sibling", False),
    "sister": ("sibling", False), "sibling": ("sibling", False), "founder": ("founded_by", True),
    "founded in": ("founded_in", False), "founded on": ("founded_on", False), "work for": ("employer", False),
    "member of": ("member_of", False), "educated at": ("educated_at", False),
    "headquartered in": ("headquartered_in", False), "located in": ("located_in", False),
    "acquired": ("owner_of", False), "owner of": ("owner_of", False), "part of": ("subsidiary_of", False),
    "subsidiary of": ("subsidiary_of", False), "merged with": ("merged_into", False),
    "partner of": ("partner_of", False), "participant in": ("participant_in", False),
    "product of": ("product_of", False),
    "win": ("award_won", False), "elected to": ("elected_to", False), "director": ("role", False), "direct": ("role", False), "producer": ("role", False),
    "write": ("created_by", True), "compose": ("created_by", True),
    "design": ("created_by", True), "develop": ("created_by", True), "create": ("created_by", True),
    "writer": ("created_by", True), "composer": ("created_by", True), "author": ("created_by", True),
    "publisher": ("product_of", False), "publish": ("product_of", True), "make": ("product_of", True),
    "manufacture": ("product_of", True), "launch": ("product_of", True), "produce": ("product_of", True),
    "perform": ("premiered_by", True), "premiere": ("premiered_by", True), "conduct": ("premiered_by", True),
}
