#!/usr/bin/env python3
"""Writes the seeded inputs of the whole-process benchmarks (Scripts/bench-cli.sh).

  Scripts/generate-catalogs.py --xcstrings OUT.xcstrings [--keys 5000] [--locales 40] [--seed 1]
  Scripts/generate-catalogs.py --lproj OUT_DIR [--keys 5000] [--locales 40] [--seed 1]

The String Catalog has KEYS keys in en and LOCALES other locales, in Xcode's layout
(two-space indent, " : "), 20% of them varying by plural (each locale with its own CLDR
categories), 5% with a substitution, and a realistic share of defects: edge whitespace (2%),
needs_review (1%), a broken specifier (0.5%). The .lproj tree has a Localizable.strings in
each locale folder and a Localizable.stringsdict for the plural keys. The same seed writes the
same bytes; --keys scales the input (1×, 2×, 4×) for the linearity checks.
"""
import argparse
import json
import os
import random

LOCALES = ["de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "ru", "uk", "pl", "cs", "sk",
           "hu", "ro", "bg", "hr", "sr", "sl", "el", "tr", "ar", "he", "fa", "hi", "th", "vi", "id", "ms", "nl",
           "sv", "da", "nb", "fi", "et", "lv", "lt", "ca"]

CATEGORIES = {
    "ru": ["one", "few", "many", "other"], "uk": ["one", "few", "many", "other"], "pl": ["one", "few", "many", "other"],
    "cs": ["one", "few", "many", "other"], "sk": ["one", "few", "many", "other"], "hr": ["one", "few", "other"],
    "sr": ["one", "few", "other"], "sl": ["one", "two", "few", "other"], "lt": ["one", "few", "many", "other"],
    "lv": ["zero", "one", "other"], "ar": ["zero", "one", "two", "few", "many", "other"], "he": ["one", "two", "other"],
    "ro": ["one", "few", "other"], "ja": ["other"], "ko": ["other"], "zh-Hans": ["other"], "zh-Hant": ["other"],
    "th": ["other"], "vi": ["other"], "id": ["other"], "ms": ["other"],
}

WORDS = ["file", "folder", "photo", "message", "account", "download", "upload", "backup", "device", "setting",
         "server", "connection", "update", "document", "album", "contact", "invitation", "session", "report", "draft"]
VERBS = ["Saved", "Deleted", "Moved", "Copied", "Shared", "Renamed", "Opened", "Closed", "Synced", "Restored"]


def text(rng, locale, n):
    verb = rng.choice(VERBS)
    noun = rng.choice(WORDS)
    tail = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 7)))
    mark = "" if locale == "en" else f"[{locale}] "
    return f"{mark}{verb} the {noun} {n} ({tail})"


def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


def damaged(rng, value):
    roll = rng.random()
    if roll < 0.02:
        return value + " ", "translated"
    if roll < 0.03:
        return value, "needs_review"
    if roll < 0.035:
        return value.replace("%lld", "%@", 1) if "%lld" in value else value + " 100% d", "translated"
    return value, "translated"


def catalog(keys, locales, seed):
    rng = random.Random(seed)
    strings = {}
    for n in range(keys):
        kind = rng.random()
        key = f"toast.{rng.choice(WORDS)}.{n}"
        localizations = {}
        for locale in ["en"] + locales:
            if kind < 0.20:
                forms = {}
                for category in (["one", "other"] if locale == "en" else CATEGORIES.get(locale, ["one", "other"])):
                    value, state = damaged(rng, f"%lld {text(rng, locale, n)} {category}")
                    forms[category] = unit(value, state)
                localizations[locale] = {"variations": {"plural": forms}}
            elif kind < 0.25:
                forms = {c: unit(f"%arg {rng.choice(WORDS)}s {c}") for c in
                         (["one", "other"] if locale == "en" else CATEGORIES.get(locale, ["one", "other"]))}
                localizations[locale] = {
                    "stringUnit": {"state": "translated", "value": f"%#@items@ {text(rng, locale, n)}"},
                    "substitutions": {"items": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": forms}}},
                }
            else:
                value, state = damaged(rng, f"{text(rng, locale, n)} %@")
                localizations[locale] = unit(value, state)
        strings[key] = {"comment": f"Shown after an action on item {n}; %@ is its name.", "localizations": localizations}
    return {"sourceLanguage": "en", "strings": strings, "version": "1.0"}


def strings_escape(value):
    return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")


def write_lproj(root, keys, locales, seed):
    rng = random.Random(seed)
    rows = {locale: [] for locale in ["en"] + locales}
    plurals = {locale: [] for locale in ["en"] + locales}
    for n in range(keys):
        is_plural = rng.random() < 0.20
        key = f"toast.{rng.choice(WORDS)}.{n}"
        for locale in ["en"] + locales:
            if is_plural:
                forms = {c: f"%lld {text(rng, locale, n)} {c}" for c in
                         (["one", "other"] if locale == "en" else CATEGORIES.get(locale, ["one", "other"]))}
                plurals[locale].append((key, forms))
            else:
                value, _ = damaged(rng, f"{text(rng, locale, n)} %@")
                rows[locale].append((key, value))
    for locale in ["en"] + locales:
        folder = os.path.join(root, f"{locale}.lproj")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Localizable.strings"), "w", encoding="utf-8") as out:
            for key, value in rows[locale]:
                out.write(f"/* Shown after an action; %@ is its name. */\n\"{strings_escape(key)}\" = \"{strings_escape(value)}\";\n\n")
        with open(os.path.join(folder, "Localizable.stringsdict"), "w", encoding="utf-8") as out:
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
                      '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n')
            for key, forms in plurals[locale]:
                out.write(f"\t<key>{key}</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@n@</string>\n"
                          "\t\t<key>n</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n"
                          "\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n"
                          "\t\t\t<string>lld</string>\n")
                for category, value in forms.items():
                    escaped = value.replace("&", "&amp;").replace("<", "&lt;")
                    out.write(f"\t\t\t<key>{category}</key>\n\t\t\t<string>{escaped}</string>\n")
                out.write("\t\t</dict>\n\t</dict>\n")
            out.write("</dict>\n</plist>\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xcstrings")
    parser.add_argument("--lproj")
    parser.add_argument("--keys", type=int, default=5000)
    parser.add_argument("--locales", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    locales = LOCALES[:args.locales]
    if args.xcstrings:
        with open(args.xcstrings, "w", encoding="utf-8") as out:
            json.dump(catalog(args.keys, locales, args.seed), out, ensure_ascii=False, indent=2, separators=(",", " : "))
            out.write("\n")
    if args.lproj:
        write_lproj(args.lproj, args.keys, locales, args.seed)


if __name__ == "__main__":
    main()
