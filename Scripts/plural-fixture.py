#!/usr/bin/env python3
"""Writes Tests/DifferentialTests/Fixtures/babel-plurals.json: CLDR plural categories computed by
Babel (an implementation of the CLDR rules independent of ICU), for the differential test.

    pip install babel==2.18.0   # CLDR 47
    python3 Scripts/plural-fixture.py

For every Babel locale: integers 0…1000, then the decimals 0.0…10.0 (step 0.1) written with one
fraction digit, then the same values written with two (0.00, 0.10, … 10.00). Categories are
letters (z zero, o one, t two, f few, m many, x other); identical strings are stored once.
"""
import json, pathlib
from decimal import Decimal
import babel
from babel import Locale, localedata

LETTER = {"zero": "z", "one": "o", "two": "t", "few": "f", "many": "m", "other": "x"}

def numbers():
    values = [Decimal(n) for n in range(1001)]
    values += [Decimal(f"{t // 10}.{t % 10}") for t in range(101)]
    values += [Decimal(f"{t // 10}.{t % 10}0") for t in range(101)]
    return values

def main():
    values = numbers()
    table, locales, rules_text = {}, {}, {}
    for identifier in sorted(localedata.locale_identifiers()):
        try:
            rule = Locale.parse(identifier).plural_form
        except Exception:
            continue
        letters = "".join(LETTER[rule(v)] for v in values)
        key = table.setdefault(letters, f"r{len(table)}")
        locales[identifier] = key
        rules_text[identifier] = rule.rules
    out = {
        "generator": "Scripts/plural-fixture.py",
        "babel": babel.__version__,
        "cldr": babel.core.get_cldr_version(),
        "numbers": "0..1000, 0.0..10.0 step 0.1 (one fraction digit), 0.00..10.00 step 0.10 (two)",
        "sequences": {v: k for k, v in table.items()},
        "locales": locales,
        "rules": rules_text,
    }
    path = pathlib.Path(__file__).resolve().parent.parent / "Tests/DifferentialTests/Fixtures/babel-plurals.json"
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")

main()
