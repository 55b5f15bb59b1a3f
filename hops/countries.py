"""Is a name a country? (ISO 3166 countries, former countries and the UK's constituent countries, from pycountry)

Used to rank the bridge candidates of a "country of X" requirement: "Zimbabwe" before "Marondo District"
and "Kessel River", which the same sentence names."""

from __future__ import annotations

from functools import lru_cache

import pycountry

from hopgraph.indexing.normalize import normalize


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    names: set[str] = set()
    records = [*pycountry.countries, *pycountry.historic_countries,
               *(s for s in pycountry.subdivisions if s.type == "Country")]
    for rec in records:
        for field in ("name", "common_name", "official_name"):
            value = getattr(rec, field, None)
            if value:
                names.add(value)
                names.add(value.split(",")[0])  # "Korea, Republic of" -> "Korea"
    return frozenset(normalize(n) for n in names if n)


def is_country(name: str) -> bool:
    return normalize(name) in _country_names()
