"""Sign-offs and attributions "<Name>, <Title>, <Organisation>" (real spaCy, invented names)."""

from __future__ import annotations

DOC_TITLE = "Letter to shareholders"


def test_a_sign_off_line_gives_the_signers_role_at_the_organisation(triples):
    text = "Dear shareholders,\nThe year went well for us.\nWith best regards,\nIdris Valcourt, Chief Executive, Quellmark Therapeutics"
    assert ("Idris Valcourt", "role: chief executive", "Quellmark Therapeutics") in triples(text)


def test_three_names_in_a_list_are_no_sign_off(triples):
    text = "The panel heard Idris Valcourt, Mira Soll, and Quellmark Therapeutics on Tuesday."
    assert not any(p.startswith("role:") for _s, p, _o in triples(text))
