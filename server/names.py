"""Player names as people see them: what counts as the same name, and what only looks like it.

A name is normalised before any check (length, empty, taken): Unicode NFKC (so fullwidth or
mathematical letters become plain ones), format and other invisible characters removed (zero
width spaces, joiners, the Braille blank, Hangul fillers, variation selectors...), runs of
spaces made one. A name with nothing visible left is empty.

Two names are confusable when their Unicode TR39 skeletons are equal (the Cyrillic "Аnn" and
"Ann", "Pau1" and "Paul"). The table of look-alike characters is Unicode's confusables.txt, as
shipped by the confusable_homoglyphs package; we only fold its classes into one character each.
"""
import functools
import unicodedata

# Invisible characters that are not of a format/control category (those go anyway): the
# Unicode Default_Ignorable_Code_Point letters and marks, and blanks that draw nothing.
_INVISIBLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0,
              *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
# A name needs at least one character of these (letters, digits, punctuation, symbols).
_VISIBLE = ("L", "N", "P", "S")


def clean(name):
    """The name as it is kept and shown: NFKC, no invisible characters, single spaces.
    Empty when nothing visible is left."""
    kept = []
    for char in unicodedata.normalize("NFKC", name):
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char)[0] == "C" or ord(char) in _INVISIBLE:
            continue      # control, format, private use, unassigned, surrogates
        else:
            kept.append(char)
    name = " ".join("".join(kept).split())
    if not any(unicodedata.category(c)[0] in _VISIBLE for c in name):
        return ""
    return name


def same(a, b):
    """The same name, ignoring case (both already cleaned)."""
    return a.casefold() == b.casefold()


def confusable(a, b):
    """Would people mistake one name for the other (both already cleaned)?"""
    return (_skeleton(a) == _skeleton(b)
            or _skeleton(a.casefold()) == _skeleton(b.casefold()))


def _skeleton(text):
    table = _prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@functools.lru_cache(maxsize=1)
def _prototypes():
    """One representative character for each class of look-alike single characters."""
    from confusable_homoglyphs.confusables import confusables_data

    parent = {}

    def root(char):
        parent.setdefault(char, char)
        while parent[char] != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, homoglyphs in confusables_data.items():
        if len(char) != 1:
            continue
        for glyph in homoglyphs:
            other = glyph["c"]
            if len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {char: root(char) for char in parent}
