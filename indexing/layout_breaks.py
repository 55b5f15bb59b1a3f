"""Line breaks a flattened document lost, put back before parsing (a same-length rewrite: one space becomes "\\n").

Emails, memos and news stories often reach the index as one line: the header fields, the headline, the byline and
the salutation run into the text ("From: Ada Brook To: Cy Dunn Date: 2 May Subject: Rota Dear all, ...", "HARBOUR
BOARD NAMES NEW CHAIR By Ada Brook The harbour board has ..."). The parser then reads "Cy Dunn Date" or "CHAIR Ada
Brook" as one name. `break_layout` ends the line where the layout did:

* before a header keyword and its colon written inside a line ("To:", "Cc:", "Date:", "Subject:", "Present:",
  "Apologies:" ...), not right after another colon ("Subject: Re: ...");
* after an all-caps headline that opens the text or a line (two or more all-caps words, digits and punctuation
  among them allowed) when a capitalised word or the article "A" follows ("NEW CHAIR AT THE MILL Ada Brook ...",
  "DINNERS GO TO LOCAL FIRM A local caterer ..."); a label such as
  "KESSEL:" (a transcript's speaker) is no headline, nor one all-caps word before a name ("NASCAR Kart Racing");
* after a byline's name ("By Ada Brook The harbour ..." or "By Ada Brook Campaigners have ...": two capitalised
  words, then a sentence's first word: a determiner or pronoun, or a capitalised word before a lower-case one);
* before a salutation inside a line ("... Subject: Rota Dear all, ...", "Dear Ms Brook,"): "Dear", then "all" or
  up to three capitalised words, then a comma ("My Dear Lisa" is a title).

Character offsets stay those of the original text, so mentions still point into the stored chunk.
"""

from __future__ import annotations

import re

#: Header and minutes keywords that open a field ("To: ...", "Apologies: ...").
HEADER_KEYWORDS = (
    "From", "To", "Cc", "CC", "Bcc", "BCC", "Date", "Sent", "Subject", "Re", "RE", "Attendees", "Present",
    "Apologies", "Absent", "In attendance", "Also present", "Distribution", "Ref", "Reference",
)
_HEADER = re.compile(r"(?<=[^\s:]) (?=(?:" + "|".join(re.escape(k) for k in HEADER_KEYWORDS) + r"):\s)")
_CAPS_WORD = r"[A-Z][A-Z'’&-]*[A-Z]"
_HEADLINE = re.compile(r"(?:^|(?<=\n))((?:(?:" + _CAPS_WORD + r"|\d[\d,.–-]*|[&—–-])[,:]?\s){2,24}?)"
                       r"(?=[A-Z][a-z]|A [A-Za-z])")
_BYLINE = re.compile(r"(?:^|(?<=\n))By [A-Z][\w'’-]+ [A-Z][\w'’-]+( )(?=(?P<next>[A-Z][\w'’-]*) (?P<after>\S+))")
_SALUTATION = re.compile(r"(?<![Mm]y)(?<![Oo]h)(?<=[^\s]) (?=Dear (?:all|colleagues|everyone|team|"
                         r"[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,2}),)")
#: Words that begin a sentence, never a name: a byline's name ends before them.
_SENTENCE_OPENERS = frozenset("The A An This That These Those It He She They We Our Its Their His Her In On At "
                              "After Before When".split())


def break_layout(text: str) -> str:
    """`text` with the line breaks the module docstring lists put back (same length)."""
    cuts = {m.start() for m in _HEADER.finditer(text)}
    cuts |= {m.start() for m in _SALUTATION.finditer(text)}
    for m in _HEADLINE.finditer(text):
        words = [w for w in re.findall(_CAPS_WORD, m.group(1))]
        if len(words) >= 2 and not m.group(1).rstrip().endswith(":") and m.end() > 0 and text[m.end() - 1] == " ":
            cuts.add(m.end() - 1)
    text = _cut(text, cuts)  # a byline follows the headline: read it on its own line
    cuts = set()
    for m in _BYLINE.finditer(text):
        nxt, after = m.group("next"), m.group("after")
        if nxt in _SENTENCE_OPENERS or after[0].islower():
            cuts.add(m.start(1))
    return _cut(text, cuts)


def _cut(text: str, cuts: set[int]) -> str:
    """`text` with the spaces at `cuts` made line breaks."""
    if not cuts:
        return text
    chars = list(text)
    for at in cuts:
        if chars[at] == " ":
            chars[at] = "\n"
    return "".join(chars)
